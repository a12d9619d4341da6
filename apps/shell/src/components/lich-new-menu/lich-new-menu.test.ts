import { describe, expect, it } from "vitest"
import type { Provider } from "../../api/wire.js"
import { choices } from "../lich-open-project/view.js"
import { branchProblem, openWorktreePayload } from "../lich-worktree-dialog/view.js"
import { menuRows, pickable } from "./view.js"

const p = (id: string, path: string): Provider => ({
  id,
  name: id,
  binary: id,
  path,
  install: `install ${id}`,
  models: true,
  efforts: true,
  rung: "off"
})

describe("the new-session menu", () => {
  it("offers shell, the providers found and a worktree; shows the missing ones last, unpickable", () => {
    const rows = menuRows([p("claude", "/bin/claude"), p("codex", "")], true)
    expect(rows.map((r) => `${r.type}:${r.title}`)).toEqual(["kind:Shell", "kind:claude", "worktree:New worktree…", "missing:codex"])
    expect(pickable(rows)).toEqual([0, 1, 2])
    expect(rows[3]!.detail).toBe("install codex")
  })
})

describe("the open-project list", () => {
  it("lists matching directories, then recent projects that are closed and still on disk", () => {
    const recent = [
      { id: "1", name: "api", path: "/w/api", open: false, usedAt: 2, exists: true },
      { id: "2", name: "web", path: "/w/web", open: true, usedAt: 1, exists: true },
      { id: "3", name: "gone", path: "/w/gone", open: false, usedAt: 0, exists: false }
    ]
    expect(choices("", [], recent).map((c) => c.path)).toEqual(["/w/api"])
    expect(choices("/w/a", [{ name: "api", path: "/w/api" }], recent).map((c) => `${c.section}:${c.path}`)).toEqual([
      "Directories:/w/api",
      "Recent:/w/api"
    ])
  })
})

describe("the worktree dialog", () => {
  it("refuses what git would refuse before asking it", () => {
    expect(branchProblem("")).toBe("name the branch")
    expect(branchProblem("a b")).toBe("a branch name has no spaces")
    expect(branchProblem("a..b")).toContain("git would refuse")
    expect(branchProblem("feature/login")).toBe("")
  })

  it("asks spawn.Open exactly as open --worktree --base does, ultracode only for Claude Code", () => {
    const f = { branch: " feat ", base: "dev", kind: "codex", model: "", effort: "high", ultracode: true, folder: "", confine: false }
    expect(openWorktreePayload("/w/api", f)).toEqual({
      from: "",
      project: "/w/api",
      kind: "codex",
      worktree: "feat",
      base: "dev",
      model: "",
      effort: "high",
      ultracode: false,
      folder: ""
    })
    // The answer to Ask goes only where the rung asked; elsewhere the backend's rung decides alone.
    expect(openWorktreePayload("/w/api", f, true)).toMatchObject({ confine: false })
  })
})
