/**
 * What the workspace suites need beyond test/harness.ts: real git repositories (a bare `origin`, a
 * remote-only branch, a local one), a backend with extra environment, the terminal socket (to read a
 * session's PTY bytes as the window does) and the events socket.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as path from "node:path"
import WebSocket from "ws"
import { type Backend, startBackend, tokenOf as token } from "./harness.js"

export const gitIdentity = {
  GIT_AUTHOR_NAME: "Lich Test",
  GIT_AUTHOR_EMAIL: "test@lich.invalid",
  GIT_COMMITTER_NAME: "Lich Test",
  GIT_COMMITTER_EMAIL: "test@lich.invalid"
}

/** A backend like startBackend's, with git's identity and `extra` on top of its isolated environment. */
export const startBackendWith = (extra: NodeJS.ProcessEnv): Promise<Backend> => startBackend({ ...gitIdentity, ...extra })

export const git = (cwd: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = {}) =>
  execFileSync("git", [...args], { cwd, env: { ...process.env, ...gitIdentity, ...env }, encoding: "utf8" }).trim()

export interface Repo {
  readonly dir: string
  readonly origin: string
}

/**
 * main (committed .gitignore, README, setup script) pushed to a bare origin; `remote-feature` exists
 * only on origin; `existing` only locally, one commit ahead of main. `.env` is ignored and present.
 */
export const makeRepo = (b: Backend, name: string, o: { setup?: string } = {}): Repo => {
  const dir = b.project(name)
  const origin = path.join(b.dir, "remotes", `${name}.git`)
  fs.mkdirSync(origin, { recursive: true })
  git(origin, ["init", "-q", "--bare", "-b", "main"])
  git(dir, ["init", "-q", "-b", "main"])
  fs.writeFileSync(path.join(dir, ".gitignore"), ".env*\nnode_modules/\nbuild.log\n")
  fs.writeFileSync(path.join(dir, "README.md"), `# ${name}\n`)
  fs.writeFileSync(path.join(dir, ".env"), "SECRET=from-the-project\n")
  fs.writeFileSync(path.join(dir, "build.log"), "ignored but not included\n")
  if (o.setup !== undefined) {
    fs.mkdirSync(path.join(dir, ".lich"))
    fs.writeFileSync(path.join(dir, ".lich", "setup-worktree.sh"), o.setup)
  }
  git(dir, ["add", "-A"])
  git(dir, ["commit", "-q", "-m", "initial"])
  git(dir, ["remote", "add", "origin", origin])
  git(dir, ["push", "-q", "-u", "origin", "main"])
  git(dir, ["checkout", "-q", "-b", "remote-feature"])
  fs.writeFileSync(path.join(dir, "remote.txt"), "from origin\n")
  git(dir, ["add", "remote.txt"])
  git(dir, ["commit", "-q", "-m", "remote work"])
  git(dir, ["push", "-q", "origin", "remote-feature"])
  git(dir, ["checkout", "-q", "main"])
  git(dir, ["branch", "-q", "-D", "remote-feature"])
  git(dir, ["update-ref", "-d", "refs/remotes/origin/remote-feature"])
  git(dir, ["checkout", "-q", "-b", "existing"])
  fs.writeFileSync(path.join(dir, "existing.txt"), "prepared before the session\n")
  git(dir, ["add", "existing.txt"])
  git(dir, ["commit", "-q", "-m", "existing work"])
  git(dir, ["checkout", "-q", "main"])
  return { dir, origin }
}

export { token }

/** A window's view of one session's PTY: the replay ring, then live bytes. */
export const attachTerminal = async (b: Backend, id: string) => {
  const ws = new WebSocket(`ws://127.0.0.1:${b.port}/ws?token=${token(b)}`)
  await new Promise((resolve, reject) => {
    ws.once("open", resolve)
    ws.once("error", reject)
  })
  let seen = ""
  const waiters: Array<{ re: RegExp; resolve: (s: string) => void }> = []
  ws.on("message", (data: Buffer, isBinary: boolean) => {
    if (!isBinary) return
    const n = data[0]!
    if (data.subarray(1, 1 + n).toString("utf8") !== id) return
    seen += data.subarray(1 + n).toString("utf8")
    for (const w of [...waiters]) {
      if (w.re.test(seen)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(seen)
      }
    }
  })
  ws.send(JSON.stringify({ attach: id }))
  const idBytes = Buffer.from(id, "utf8")
  return {
    text: () => seen,
    waitFor: (re: RegExp) =>
      new Promise<string>((resolve) => {
        if (re.test(seen)) resolve(seen)
        else waiters.push({ re, resolve })
      }),
    type: (s: string) => ws.send(Buffer.concat([Buffer.from([idBytes.length]), idBytes, Buffer.from(s, "utf8")])),
    close: () => ws.close()
  }
}

/** Every event the backend publishes from now on, as parsed objects. */
export const watchEvents = async (b: Backend) => {
  const ws = new WebSocket(`ws://127.0.0.1:${b.port}/events?token=${token(b)}`)
  await new Promise((resolve, reject) => {
    ws.once("open", resolve)
    ws.once("error", reject)
  })
  const events: Array<Record<string, unknown>> = []
  const waiters: Array<{ match: (e: Record<string, unknown>) => boolean; resolve: (e: Record<string, unknown>) => void }> = []
  ws.on("message", (data: Buffer) => {
    const e = JSON.parse(data.toString("utf8")) as Record<string, unknown>
    events.push(e)
    for (const w of [...waiters]) {
      if (w.match(e)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(e)
      }
    }
  })
  /** The first event (already seen or still to come) that `match` accepts. */
  const waitFor = (match: (e: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const seen = events.find(match)
      if (seen) resolve(seen)
      else waiters.push({ match, resolve })
    })
  return { events, waitFor, close: () => ws.close() }
}

/** POSTs a hook report as the companion plugin does; resolves with the status. */
export const postHook = (b: Backend, route: string, body: unknown) =>
  new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: b.port,
        method: "POST",
        path: `${route}?token=${token(b)}`,
        headers: { "content-type": "application/json" }
      },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      }
    )
    req.on("error", reject)
    req.end(JSON.stringify(body))
  })
