import { describe, expect, it } from "vitest"
import { hostAllowed, originAllowed, tokenMatches } from "./auth.js"

describe("who may talk to the backend", () => {
  it("accepts exactly the token, whatever the length of a wrong one", () => {
    expect(tokenMatches("abc123", "abc123")).toBe(true)
    expect(tokenMatches("abc124", "abc123")).toBe(false)
    expect(tokenMatches("", "abc123")).toBe(false)
    expect(tokenMatches("abc123abc123", "abc123")).toBe(false)
    expect(tokenMatches(null, "abc123")).toBe(false)
  })

  it("accepts only a loopback Host naming our port", () => {
    expect(hostAllowed("127.0.0.1:47821", 47821)).toBe(true)
    expect(hostAllowed("localhost:47821", 47821)).toBe(true)
    expect(hostAllowed("[::1]:47821", 47821)).toBe(true)
    expect(hostAllowed("127.0.0.1:47822", 47821)).toBe(false)
    expect(hostAllowed("evil.example:47821", 47821)).toBe(false)
    expect(hostAllowed("127.0.0.1.evil.example:47821", 47821)).toBe(false)
    expect(hostAllowed(undefined, 47821)).toBe(false)
  })
})

describe("originAllowed", () => {
  it("lets a client with no Origin (the CLI, hooks, curl) and the window's own origin in, and nothing else", () => {
    expect(originAllowed(undefined, 47821)).toBe(true)
    expect(originAllowed("http://127.0.0.1:47821", 47821)).toBe(true)
    expect(originAllowed("http://localhost:47821", 47821)).toBe(true)
    for (const o of ["http://evil.test", "http://127.0.0.1:47822", "https://127.0.0.1:47821", "null", ""]) {
      expect(originAllowed(o, 47821), o).toBe(false)
    }
  })
})
