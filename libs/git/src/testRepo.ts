/**
 * Real repositories for the git tests: a temp directory per repository, git run with a fixed
 * identity and no user config, so a test reads what git itself writes. Not exported from the package.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

export const identity = {
  GIT_AUTHOR_NAME: "Lich Test",
  GIT_AUTHOR_EMAIL: "test@lich.invalid",
  GIT_COMMITTER_NAME: "Lich Test",
  GIT_COMMITTER_EMAIL: "test@lich.invalid",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1"
}

// The backend's own git calls (commits, merges) need the same identity as the test's.
Object.assign(process.env, identity)

export const sh = (cwd: string, ...args: Array<string>) =>
  execFileSync("git", args, { cwd, env: { ...process.env, ...identity }, encoding: "utf8" }).trim()

const made: Array<string> = []

export const tempDir = (name: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `lich-git-${name}-`))
  made.push(d)
  return d
}

export const removeTemps = () => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true })
}

export const write = (dir: string, file: string, text: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  fs.writeFileSync(path.join(dir, file), text)
}

/** A repository on `main` with one commit (README.md, a.txt). */
export const repo = (name = "repo") => {
  const dir = tempDir(name)
  sh(dir, "init", "-q", "-b", "main")
  write(dir, "README.md", "# repo\n")
  write(dir, "a.txt", "one\ntwo\nthree\n")
  sh(dir, "add", "-A")
  sh(dir, "commit", "-q", "-m", "initial")
  return dir
}

/** A linked worktree of `root` on a new branch off main, as lich makes one. */
export const worktree = (root: string, branch: string) => {
  const dir = path.join(tempDir(`wt-${branch.replace(/\W/g, "")}`), branch)
  sh(root, "worktree", "add", "-q", "-b", branch, dir, "main")
  return dir
}

export const commitAll = (dir: string, message: string) => {
  sh(dir, "add", "-A")
  sh(dir, "commit", "-q", "-m", message)
  return sh(dir, "rev-parse", "HEAD")
}
