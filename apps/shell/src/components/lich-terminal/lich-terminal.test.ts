import { describe, expect, it } from "vitest"
import { SCROLLBACK, sizeToSend, terminalOptions } from "./options.js"

describe("a card's terminal", () => {
  it("starts with the theme's colours and a bounded scrollback", () => {
    const o = terminalOptions({ background: "#000000", foreground: "#ffffff" })
    expect(o.theme).toEqual({ background: "#000000", foreground: "#ffffff" })
    expect(o.scrollback).toBe(SCROLLBACK)
  })

  it("tells the PTY a size only when the grid changed, within the contract's bounds", () => {
    expect(sizeToSend(120, 40, undefined)).toEqual({ cols: 120, rows: 40 })
    expect(sizeToSend(120, 40, { cols: 120, rows: 40 })).toBeUndefined()
    expect(sizeToSend(5, 2, undefined)).toEqual({ cols: 20, rows: 5 })
    expect(sizeToSend(900, 900, undefined)).toEqual({ cols: 400, rows: 200 })
    expect(sizeToSend(Number.NaN, 10, undefined)).toBeUndefined()
  })
})
