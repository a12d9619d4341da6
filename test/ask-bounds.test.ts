/**
 * `lich ask` holds its question to the prompt bound (libs/contract bounds.ts QuestionText) and
 * refuses with one line before it looks for the session or asks any mod: a target that does not
 * exist still gets the bound's refusal, not "no such session".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, startBackend } from "./harness.js"

let b: Backend
beforeAll(async () => {
  b = await startBackend()
})
afterAll(async () => {
  await b?.stop()
})

describe("lich ask's question", () => {
  it("is refused over 8192 bytes, counted in bytes, with the contract's line and exit 1", async () => {
    expect(await b.lich(["ask", "nobody", "€".repeat(2731)])).toEqual({
      code: 1,
      stdout: "",
      stderr: "lich: the question is 8193 bytes, over the 8192-byte limit\n"
    })
  })

  it("is refused when blank once control characters are stripped", async () => {
    expect(await b.lich(["ask", "nobody", " \x07 "])).toEqual({ code: 1, stdout: "", stderr: "lich: ask what? The question is empty\n" })
  })
})
