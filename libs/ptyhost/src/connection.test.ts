/**
 * The backend's end of a PTY host connection reads into one buffer it reuses, so what it keeps —
 * a PTY's bytes that came before anyone listened — it keeps as a copy.
 */
import { describe, expect, it } from "vitest"
import { type Connection, HostProc } from "./connection.js"

describe("a PTY served by the host", () => {
  it("keeps a copy of bytes that come before its listener, though the read buffer is reused", () => {
    const proc = new HostProc(1, 1, {} as Connection)
    const read = Buffer.from("first bytes")
    proc.push(read)
    read.fill(0x21) // the connection's next read lands in the same buffer
    const got: Array<string> = []
    proc.onData((bytes) => got.push(Buffer.from(bytes).toString()))
    expect(got).toEqual(["first bytes"])
  })
})
