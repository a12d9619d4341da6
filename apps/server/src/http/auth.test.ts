import { describe, expect, it } from "vitest"
import { hostAllowed, originAllowed, tokenMatches } from "./auth.js"
import { frame, unframe } from "./sockets.js"

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

describe("terminal frames", () => {
  it("carry the session id and the bytes, and round-trip", () => {
    const f = frame("abc", new Uint8Array([1, 2, 255]))
    expect([...f]).toEqual([3, 97, 98, 99, 1, 2, 255])
    expect(unframe(f)).toEqual({ id: "abc", payload: Buffer.from([1, 2, 255]) })
  })
  it("refuse a frame with no id or one shorter than its id", () => {
    expect(unframe(Buffer.from([0, 1]))).toBeUndefined()
    expect(unframe(Buffer.from([5, 97]))).toBeUndefined()
    expect(unframe(Buffer.alloc(0))).toBeUndefined()
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
