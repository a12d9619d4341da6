import { describe, expect, it } from "vitest"
import { exitCodeFor, exitCodes, isExitTag } from "./exitCodes.js"

describe("the exit-code table", () => {
  it("gives control's states the contract's codes: 0 done, 2 delivered, 3 ended", () => {
    expect([exitCodeFor("done"), exitCodeFor("delivered"), exitCodeFor("ended")]).toEqual([0, 2, 3])
  })

  it("uses only the contract's four codes", () => {
    for (const code of Object.values(exitCodes)) expect([0, 1, 2, 3]).toContain(code)
  })

  it("knows a runtime tag only when it has a row for it", () => {
    expect(isExitTag("NotFound")).toBe(true)
    expect(isExitTag("PlatformError")).toBe(false)
    expect(isExitTag("toString")).toBe(false)
  })

  it("refuses, at compile time, a tag the contract does not name", () => {
    // @ts-expect-error — not a status or error tag of the contract: no silent fallback to 1
    expect(() => exitCodeFor("SomethingNew")).not.toThrow()
  })
})
