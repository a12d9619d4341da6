/**
 * Confinement at spawn, for real: the codex rung is set to "everywhere" through the backend's
 * LICH_CODEX_SANDBOX (the same override LICH_CODEX_BIN is for the binary), and "codex" is a plain
 * shell (fixtures/confined-shell). What it can reach is asked by typing into its PTY, as a window
 * does, and read back off the same socket. Skipped where bubblewrap is missing.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, root } from "./harness.js"
import { attachTerminal, git, makeRepo, type Repo, startBackendWith } from "./workspaceHarness.js"

const hasBwrap = (() => {
  try {
    execFileSync("sh", ["-c", "command -v bwrap"], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
})()

let b: Backend
let repo: Repo

beforeAll(async () => {
  if (!hasBwrap) return
  b = await startBackendWith({
    LICH_CODEX_BIN: path.join(root, "test", "fixtures", "confined-shell"),
    LICH_CODEX_SANDBOX: "everywhere",
    LICH_CLAUDE_SANDBOX: "worktrees"
  })
  repo = makeRepo(b, "vault")
})
afterAll(async () => {
  await b?.stop()
})

describe.skipIf(!hasBwrap)("a confined session", () => {
  it("writes and commits in its checkout, and cannot read a file planted in the real home", async () => {
    fs.writeFileSync(path.join(b.env.HOME!, "planted-secret.txt"), "TOPSECRET-HOME-FILE\n")
    fs.mkdirSync(path.join(b.env.HOME!, ".codex"))
    fs.writeFileSync(path.join(b.env.HOME!, ".gitconfig"), "[alias]\n\tsandboxed = status\n")
    fs.writeFileSync(path.join(b.env.HOME!, ".codex", "auth.json"), "PROVIDER-STATE\n")
    const r = await b.lich(["open", "--project", repo.dir, "--kind", "codex", "--worktree", "boxed", "--json"])
    expect(r.code).toBe(0)
    const s = JSON.parse(r.stdout)
    expect(s.confined).toBe(true)
    const term = await attachTerminal(b, s.id)
    term.type(
      `${[
        `cat "$HOME/planted-secret.txt" || echo HOME-HIDDEN-$((1+1))`,
        `cat "$HOME/.codex/auth.json"`,
        `echo inside > written.txt && git add written.txt && git commit -q -m "from the sandbox" && echo COMMITTED-$((2+2))`,
        `echo > /etc/lich-escape 2>/dev/null || echo ETC-READONLY-$((3+3))`,
        `"$LICH_BIN" whoami`,
        `git config alias.sandboxed && echo GITCONFIG-READ-$((4+4))`,
        `echo DONE-$((40+2))`
      ].join("; ")}\r`
    )
    const seen = await term.waitFor(/DONE-42/)
    term.close()
    expect(seen).not.toContain("TOPSECRET-HOME-FILE")
    expect(seen).toContain("HOME-HIDDEN-2")
    expect(seen).toContain("PROVIDER-STATE")
    expect(seen).toContain("COMMITTED-4")
    expect(seen).toContain("ETC-READONLY-6")
    expect(seen).toContain("GITCONFIG-READ-8")
    // lich itself still resolves and answers on loopback: the network is not unshared.
    expect(seen).toMatch(/boxed\tvault\tcodex\t/)
    expect(fs.readFileSync(path.join(s.path, "written.txt"), "utf8")).toBe("inside\n")
    expect(git(repo.dir, ["log", "-1", "--format=%s", "boxed"])).toBe("from the sandbox")
  })

  it("says so in open's prose", async () => {
    const r = await b.lich(["open", "--project", repo.dir, "--kind", "codex"])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("It runs confined:")
  })

  it("confines worktrees only on that rung, and never a shell", async () => {
    const here = JSON.parse((await b.lich(["open", "--project", repo.dir, "--json"])).stdout)
    expect(here.confined).toBe(false)
    const shell = JSON.parse((await b.lich(["open", "--project", repo.dir, "--kind", "shell", "--json"])).stdout)
    expect(shell.confined).toBe(false)
    const worktree = JSON.parse((await b.lich(["open", "--project", repo.dir, "--worktree", "wt-claude", "--json"])).stdout)
    expect(worktree.confined).toBe(true)
  })
})
