import { describe, expect, it } from "vitest"
import { glyphOf, ringOf } from "./kinds.js"

describe("a card's ring", () => {
  it("says what lich sessions says: compacting is busy, idle and interrupted draw none", () => {
    expect(["busy", "compacting", "done", "waiting", "idle", "interrupted", ""].map(ringOf)).toEqual([
      "busy",
      "busy",
      "done",
      "waiting",
      "",
      "",
      ""
    ])
  })

  it("draws none for a state the window does not know", () => {
    expect(ringOf("thinking")).toBe("")
  })
})

describe("a card's glyph", () => {
  it("falls back to a dot for a kind with none", () => {
    expect([glyphOf("claude"), glyphOf("nope")]).toEqual(["✳", "•"])
  })
})
