import { describe, expect, it } from "vitest"
import { card } from "../../logic/fixtures.js"
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
    const v = cardView(card({ confined: true, branch: "feat", path: "/wt/feat", dirty: true }), "/")
    expect(v.tooltip).toContain("feat (uncommitted changes)")
    expect(v.tooltip).toContain("Confined")
  })
})
