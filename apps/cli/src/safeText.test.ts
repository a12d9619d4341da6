import { describe, expect, it } from "vitest"
import { hasControl, oneLine, quote } from "./safeText.js"

describe("user strings on their way to a terminal", () => {
  it("writes out newlines, tabs and escape sequences so a line stays one line and clears nothing", () => {
    expect(oneLine("a\nb\tc\x1b[2J")).toBe("a\\nb\\tc\\e[2J")
    expect(quote("x\ny")).toBe('"x\\ny"')
  })

  it("writes out DEL and the C1 controls a terminal reads as CSI, and leaves other text alone", () => {
    expect(oneLine("\x7f\u009b31m\x07")).toBe("\\x7f\\x9b31m\\x07")
    expect(oneLine("naïve — 日本 🙂")).toBe("naïve — 日本 🙂")
  })

  it("tells a string with a control character from one without", () => {
    expect(hasControl("plain words")).toBe(false)
    expect(hasControl("tab\there")).toBe(true)
    expect(hasControl("csi\u009b")).toBe(true)
  })
})
