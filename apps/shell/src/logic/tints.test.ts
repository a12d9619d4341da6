import { describe, expect, it } from "vitest"
import { PALETTE, tintFill, tintVars } from "./tints.js"

describe("a card's tint", () => {
  it("mixes the palette colour into the accent, stronger from rest to active", () => {
    expect(tintFill("teal", "rest")).toBe("color-mix(in oklab, #14b8a6 10%, var(--accent))")
    expect(tintFill("teal", "hover")).toContain("22%")
    expect(tintFill("teal", "showing")).toContain("26%")
    expect(tintFill("teal", "active")).toContain("38%")
  })

  it("is the theme's own for no colour or a colour outside the palette", () => {
    expect(tintFill("", "rest")).toBeUndefined()
    expect(tintFill("magenta", "rest")).toBeUndefined()
    expect(tintFill("constructor", "rest")).toBeUndefined()
    expect(tintVars("")).toEqual({})
  })

  it("covers exactly the contract's eight colours", () => {
    expect(Object.keys(PALETTE)).toEqual(["red", "orange", "amber", "green", "teal", "blue", "violet", "pink"])
    expect(tintVars("pink")["--tint"]).toBe("#ec4899")
  })
})
