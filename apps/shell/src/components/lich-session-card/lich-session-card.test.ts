import { describe, expect, it } from "vitest"
import { card, fileChange, sessionGit } from "../../logic/fixtures.js"
import { cardView } from "./view.js"

describe("a session card", () => {
  it("shows the project's directory for a card in the project's own checkout, and the worktree's otherwise", () => {
    expect(cardView(card(), "/work/api").path).toBe("/work/api")
    expect(cardView(card({ path: "/wt/api/feat", branch: "feat" }), "/work/api")).toMatchObject({ path: "/wt/api/feat", branch: "feat" })
  })

  it("draws a ring only for busy, done and waiting", () => {
    expect(["busy", "done", "waiting", "idle", "interrupted", ""].map((state) => cardView(card({ state }), "/").ring)).toEqual([
      "busy",
      "done",
      "waiting",
      "",
      "",
      ""
    ])
  })

  it("carries the relay mark and puts the ticket in the tooltip", () => {
    const v = cardView(card({ label: "api", relay: { direction: "out", peer: "docs", ticket: "9f8e7d6c" } }), "/a")
    expect(v.relay).toMatchObject({ text: "→ docs", direction: "out" })
    expect(v.relay!.tooltip).toBe("Waiting on docs\nticket 9f8e7d6c")
    expect(v.tooltip).toContain("ticket 9f8e7d6c")
  })

  it("tints with its colour and leaves an uncoloured card to the theme", () => {
    expect(cardView(card({ color: "violet" }), "/").style).toContain("--tint: #8b5cf6")
    expect(cardView(card(), "/").style).toBe("")
  })

  it("uses the provider's glyph and dims a card whose process ended", () => {
    expect(cardView(card({ kind: "claude" }), "/").glyph).toBe("✳")
    expect(cardView(card({ live: false }), "/").exited).toBe(true)
  })
})

describe("a card's status line and usage", () => {
  it("shows the waiting reason (or its default), the tool and detail while busy, else who opened it", () => {
    expect(cardView(card({ state: "waiting", reason: "Allow Bash?" }), "/").status).toEqual({ text: "Allow Bash?", tone: "waiting" })
    expect(cardView(card({ state: "waiting" }), "/").status?.text).toBe("Waiting on you")
    expect(cardView(card({ state: "busy", tool: "Bash", detail: "npm test" }), "/").status).toEqual({
      text: "Bash · npm test",
      tone: "busy"
    })
    expect(cardView(card({ originLabel: "planner" }), "/").status).toEqual({ text: "from planner", tone: "origin" })
    expect(cardView(card(), "/").status).toBeUndefined()
  })

  it("shows context and cost only as far as they were reported", () => {
    expect(cardView(card({ usage: { percent: 41.6, costUsd: 0.314 } }), "/").usage).toBe("42% · $0.31")
    expect(cardView(card({ usage: { percent: undefined, costUsd: 1 } }), "/").usage).toBe("$1.00")
    expect(cardView(card(), "/").usage).toBe("")
  })

  it("marks confinement and uncommitted work in the tooltip", () => {
    const v = cardView(card({ confined: true, branch: "feat", path: "/wt/feat" }), "/", sessionGit({ uncommitted: [fileChange("a.ts")] }))
    expect(v.dirty).toBe(true)
    expect(v.tooltip).toContain("feat (uncommitted changes)")
    expect(v.tooltip).toContain("Confined")
  })

  it("takes its branch from the backend's read, and says a detached HEAD", () => {
    expect(cardView(card({ branch: "old" }), "/", sessionGit({ branch: "new" })).branch).toBe("new")
    expect(cardView(card({ branch: "" }), "/", sessionGit({ branch: "", head: "0123456789" })).branch).toBe("detached at 0123456")
    expect(cardView(card({ branch: "x" }), "/", sessionGit({ repository: false })).branch).toBe("")
    expect(cardView(card({ branch: "x" }), "/").branch).toBe("x")
  })

  it("shows base standing, PR, diff and overlap figures, and puts each one's first line in the tooltip", () => {
    const g = sessionGit({
      uncommitted: [fileChange("a.ts", { added: 3, removed: 1 })],
      added: 3,
      removed: 1,
      standing: { ahead: 2, behind: 1, conflict: "none", conflicted: [], read: { source: "git", at: 0, stale: false, error: "" } },
      overlaps: [{ id: "s2", label: "other", files: ["a.ts"] }]
    })
    const v = cardView(card(), "/", g)
    expect(v.figures.map((f) => [f.key, f.text])).toEqual([
      ["standing", "↓1 ↑2"],
      ["diff", "+3 −1"],
      ["overlap", "⚠ 1"]
    ])
    expect(v.tooltip).toContain("2 commits ahead of main, 1 commit behind")
    expect(v.tooltip).toContain("also changed by other: a.ts")
  })
})
