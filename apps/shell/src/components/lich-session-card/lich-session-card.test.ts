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
      "busy", "done", "waiting", "", "", ""
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
