import { describe, expect, it } from "vitest"
import { card } from "../../logic/fixtures.js"
import { sidebarRows } from "./view.js"

describe("the sidebar", () => {
  it("lists root cards with no header, then a header per folder and worktree", () => {
    const rows = sidebarRows([
      card({ id: "a" }),
      card({ id: "b", folder: "review", color: "teal" }),
      card({ id: "c", path: "/wt/x", branch: "x", state: "waiting" })
    ])
    expect(rows.map((r) => (r.type === "header" ? `# ${r.title}` : r.card.id))).toEqual(["a", "# review", "b", "# x", "c"])
    expect(rows[1]).toMatchObject({ kind: "folder", swatch: "#14b8a6" })
    expect(rows[3]).toMatchObject({ kind: "checkout", mark: "wait" })
  })

  it("moves a card under its folder's header the moment it is filed", () => {
    const before = sidebarRows([card({ id: "a" }), card({ id: "b" })])
    const after = sidebarRows([card({ id: "a" }), card({ id: "b", folder: "later" })])
    expect(before.filter((r) => r.type === "header")).toHaveLength(0)
    expect(after.map((r) => (r.type === "header" ? `# ${r.title}` : r.card.id))).toEqual(["a", "# later", "b"])
  })
})
