import { describe, expect, it } from "@effect/vitest"
import { DRAFT_HOLD_MS, type DraftState, feedDraft, initialDraft, isDrafting } from "./Draft.js"

const bytes = (s: string) => new TextEncoder().encode(s)
const feed = (...writes: Array<string>): DraftState => writes.reduce((st, w) => feedDraft(st, bytes(w), 1_000), initialDraft)

describe("the draft tracker", () => {
  it("counts a printable key as the start of a draft", () => {
    expect(feed("h").drafting).toBe(true)
  })

  it("counts UTF-8 and DEL as typing too", () => {
    expect(feed("é").drafting).toBe(true)
    expect(feed("\x7f").drafting).toBe(true)
  })

  it("ends a draft at Enter, newline or Ctrl-C", () => {
    expect(feed("hi", "\r").drafting).toBe(false)
    expect(feed("hi", "\n").drafting).toBe(false)
    expect(feed("hi\x03").drafting).toBe(false)
  })

  it("skips arrows, focus reports and SGR mouse reports", () => {
    expect(feed("\x1b[A", "\x1bOP", "\x1b[I", "\x1b[<0;12;5M", "\x1b[1;5C").drafting).toBe(false)
  })

  it("skips Alt+key as ESC plus one byte", () => {
    expect(feed("\x1bb").drafting).toBe(false)
    expect(feed("\x1bbx").drafting).toBe(true)
  })

  it("skips xterm's answers to colour queries (OSC … BEL and OSC … ESC \\)", () => {
    expect(feed("\x1b]11;rgb:1e1e/1e1e/1e1e\x07").drafting).toBe(false)
    expect(feed("\x1b]10;rgb:ffff/ffff/ffff\x1b\\").drafting).toBe(false)
  })

  it("holds a sequence split across writes and still skips it", () => {
    const st = feed("\x1b", "[1;", "5A")
    expect(st.drafting).toBe(false)
    expect(st.escape.phase).toBe("ground")
  })

  it("gives up on a split sequence held past 32 bytes, so typing after it counts", () => {
    const st = feed(`\x1b[${"1;".repeat(20)}`)
    expect(st.escape.phase).toBe("ground")
    expect(feedDraft(st, bytes("x"), 1_000).drafting).toBe(true)
  })

  it("lets a draft block for 60 s after the last key, then lapse", () => {
    const st = feedDraft(initialDraft, bytes("x"), 5_000)
    expect(isDrafting(st, 5_000 + DRAFT_HOLD_MS - 1)).toBe(true)
    expect(isDrafting(st, 5_000 + DRAFT_HOLD_MS)).toBe(false)
  })

  it("restarts the hold at each key", () => {
    const st = feedDraft(feedDraft(initialDraft, bytes("a"), 0), bytes("b"), 30_000)
    expect(isDrafting(st, DRAFT_HOLD_MS + 1)).toBe(true)
  })
})
