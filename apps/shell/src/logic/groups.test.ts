import { describe, expect, it } from "vitest"
import { card } from "./fixtures.js"
import { blockMark, groupCards } from "./groups.js"

describe("the sidebar's blocks", () => {
  it("put every card of the project's own directory in one block without a header", () => {
    const g = groupCards([card({ id: "a" }), card({ id: "b" })])
    expect(g).toHaveLength(1)
    expect(g[0]).toMatchObject({ kind: "checkout", title: "", key: "checkout:" })
    expect(g[0]!.cards.map((c) => c.id)).toEqual(["a", "b"])
  })

  it("give each worktree checkout its own block, headed by its branch", () => {
    const g = groupCards([card({ id: "a" }), card({ id: "b", path: "/wt/feat-x", branch: "feat-x" }), card({ id: "c", path: "/wt/fix" })])
    expect(g.map((x) => x.title)).toEqual(["", "feat-x", "fix"])
  })

  it("put a folder before a checkout: a filed card leaves its checkout's block", () => {
    const g = groupCards([card({ id: "a", path: "/wt/x", branch: "x" }), card({ id: "b", path: "/wt/x", branch: "x", folder: "review" })])
    expect(g.map((x) => [x.kind, x.title, x.cards.map((c) => c.id)])).toEqual([
      ["checkout", "x", ["a"]],
      ["folder", "review", ["b"]]
    ])
  })

  it("order blocks by where their first card sits, and gather later cards into the earlier block", () => {
    const g = groupCards([card({ id: "a", folder: "f" }), card({ id: "b" }), card({ id: "c", folder: "f" })])
    expect(g.map((x) => x.cards.map((c) => c.id))).toEqual([["a", "c"], ["b"]])
  })

  it("match folder names exactly: case and spaces make another folder", () => {
    const g = groupCards([card({ id: "a", folder: "Docs" }), card({ id: "b", folder: "docs" }), card({ id: "c", folder: "docs " })])
    expect(g).toHaveLength(3)
  })

  it("give a folder the colour all its cards share, and none when they differ", () => {
    expect(groupCards([card({ id: "a", folder: "f", color: "teal" }), card({ id: "b", folder: "f", color: "teal" })])[0]!.color).toBe(
      "teal"
    )
    expect(groupCards([card({ id: "a", folder: "f", color: "teal" }), card({ id: "b", folder: "f", color: "red" })])[0]!.color).toBe("")
  })

  it("mark a block waiting before done", () => {
    expect(blockMark([card({ state: "done" }), card({ state: "waiting" })])).toBe("wait")
    expect(blockMark([card({ state: "done" }), card({ state: "busy" })])).toBe("done")
    expect(blockMark([card({ state: "idle" })])).toBe("")
  })
})
