import { describe, expect, it } from "vitest"
import { bwrapArgs, type PathKind } from "./bwrap.js"
import { parseRung, shouldConfine } from "./Rung.js"

const machine: Record<string, PathKind> = {
  "/usr": { _tag: "dir" },
  "/etc": { _tag: "dir" },
  "/opt": { _tag: "dir" },
  "/bin": { _tag: "symlink", target: "usr/bin" },
  "/lib": { _tag: "symlink", target: "usr/lib" },
  "/lib64": { _tag: "dir" },
  "/home/u/.claude": { _tag: "dir" },
  "/home/u/.claude.json": { _tag: "file" },
  "/home/u/.codex": { _tag: "symlink", target: "/elsewhere" },
  "/opt/lich": { _tag: "dir" },
  "/srv/lich": { _tag: "dir" },
  "/repo/.git": { _tag: "dir" }
}
const look = (p: string): PathKind => machine[p] ?? { _tag: "missing" }

const healthy = {
  home: "/home/u",
  cwd: "/home/u/.local/share/lich/worktrees/abc/feat",
  writable: ["/repo/.git"],
  readOnly: ["/srv/lich", "/opt/lich"],
  state: ["/home/u/.claude", "/home/u/.claude.json", "/home/u/.codex"]
}

const pairAt = (args: ReadonlyArray<string>, flag: string, value: string) => args.findIndex((a, i) => a === flag && args[i + 1] === value)

describe("the bubblewrap command line", () => {
  const args = bwrapArgs(healthy, look)

  it("binds the machine read-only and recreates /bin and /lib as the symlinks they are", () => {
    expect(pairAt(args, "--ro-bind", "/usr")).toBeGreaterThanOrEqual(0)
    expect(pairAt(args, "--ro-bind", "/etc")).toBeGreaterThanOrEqual(0)
    expect(pairAt(args, "--symlink", "usr/bin")).toBeGreaterThanOrEqual(0)
    expect(pairAt(args, "--ro-bind", "/lib64")).toBeGreaterThanOrEqual(0)
    expect(args).not.toContain("/nix")
  })

  it("hides the home behind an empty tmpfs and binds back only the provider's existing, non-link state", () => {
    const tmpfsHome = pairAt(args, "--tmpfs", "/home/u")
    expect(tmpfsHome).toBeGreaterThan(pairAt(args, "--tmpfs", "/tmp"))
    expect(pairAt(args, "--bind", "/home/u/.claude")).toBeGreaterThan(tmpfsHome)
    expect(pairAt(args, "--bind", "/home/u/.claude.json")).toBeGreaterThan(tmpfsHome)
    expect(args).not.toContain("/home/u/.codex")
  })

  it("makes the checkout and the git common dir writable, after every read-only bind", () => {
    const cwd = pairAt(args, "--bind", healthy.cwd)
    expect(cwd).toBeGreaterThan(pairAt(args, "--ro-bind", "/srv/lich"))
    expect(pairAt(args, "--bind", "/repo/.git")).toBeGreaterThan(0)
    expect(pairAt(args, "--chdir", healthy.cwd)).toBeGreaterThan(cwd)
    expect(pairAt(args, "--setenv", "HOME")).toBeGreaterThan(0)
  })

  it("does not bind again what the machine's read-only dirs already hold", () => {
    expect(args).not.toContain("/opt/lich")
  })

  it("unshares pid, uts and ipc, dies with its parent, and leaves the network alone", () => {
    for (const f of ["--unshare-pid", "--unshare-uts", "--unshare-ipc", "--die-with-parent"]) expect(args).toContain(f)
    expect(args).not.toContain("--unshare-net")
    expect(args).not.toContain("--unshare-all")
    expect(args.at(-1)).toBe("--")
  })
})

describe("the rung's answer", () => {
  it("confines everywhere and on ask (nobody at the command line to ask), never a shell", () => {
    expect(shouldConfine({ rung: "everywhere", kind: "claude", inWorktree: false })).toBe(true)
    expect(shouldConfine({ rung: "ask", kind: "codex", inWorktree: false })).toBe(true)
    expect(shouldConfine({ rung: "everywhere", kind: "shell", inWorktree: true })).toBe(false)
  })

  it("confines on worktrees only inside a worktree, and never when off", () => {
    expect(shouldConfine({ rung: "worktrees", kind: "claude", inWorktree: true })).toBe(true)
    expect(shouldConfine({ rung: "worktrees", kind: "claude", inWorktree: false })).toBe(false)
    expect(shouldConfine({ rung: "off", kind: "claude", inWorktree: true })).toBe(false)
  })

  it("reads an unknown or empty setting as off", () => {
    expect(parseRung("Everywhere")).toBe("everywhere")
    expect(parseRung("sometimes")).toBe("off")
    expect(parseRung(undefined)).toBe("off")
  })
})
