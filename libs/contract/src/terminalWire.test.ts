import { Option } from "effect"
import { describe, expect, it } from "vitest"
import { decodeWindowControl } from "./terminalControl.js"
import { control, decodeBackendControl, decodeFrame, encodeFrame, frameHeader } from "./terminalWire.js"

describe("terminal frames", () => {
  it("carry the session id and the bytes, and round-trip", () => {
    const f = encodeFrame("abc", new Uint8Array([1, 2, 255]))
    expect([...f]).toEqual([3, 97, 98, 99, 1, 2, 255])
    expect(decodeFrame(f)).toEqual({ id: "abc", payload: new Uint8Array([1, 2, 255]) })
    expect([...encodeFrame("abc", "hé")]).toEqual([3, 97, 98, 99, 0x68, 0xc3, 0xa9])
    expect([...frameHeader("abc")]).toEqual([3, 97, 98, 99])
  })

  it("hand a Buffer's bytes back as a view of it, not a copy", () => {
    const f = Buffer.from([2, 104, 105, 7, 8])
    const d = decodeFrame(f)!
    expect(Buffer.isBuffer(d.payload)).toBe(true)
    expect(d.payload.buffer).toBe(f.buffer)
    expect([d.id, [...d.payload]]).toEqual(["hi", [7, 8]])
  })

  it("refuse a frame with no id or one shorter than its id", () => {
    expect(decodeFrame(Buffer.from([0, 1]))).toBeUndefined()
    expect(decodeFrame(Buffer.from([5, 97]))).toBeUndefined()
    expect(decodeFrame(Buffer.alloc(0))).toBeUndefined()
  })
})

describe("terminal control messages", () => {
  it("are written with the keys in the order the window and the backend have always sent them", () => {
    expect(control.attach("s")).toBe(`{"attach":"s"}`)
    expect(control.detach("s")).toBe(`{"detach":"s"}`)
    expect(control.pause("s")).toBe(`{"pause":"s"}`)
    expect(control.resume("s")).toBe(`{"resume":"s"}`)
    expect(control.resize("s", 100, 30)).toBe(`{"resize":"s","cols":100,"rows":30}`)
    expect(control.resync("s")).toBe(`{"resync":"s"}`)
  })

  it("decode on the backend from what the window writes, and refuse a size outside the grid's bounds", () => {
    for (const text of [control.attach("s"), control.detach("s"), control.pause("s"), control.resume("s"), control.resize("s", 100, 30)]) {
      expect(Option.getOrThrow(decodeWindowControl(text))).toEqual(JSON.parse(text))
    }
    expect(Option.isNone(decodeWindowControl(control.resize("s", 19, 30)))).toBe(true)
    expect(Option.isNone(decodeWindowControl(control.resize("s", 100, 201)))).toBe(true)
    expect(Option.isNone(decodeWindowControl("not json"))).toBe(true)
    expect(Option.isNone(decodeWindowControl(`{"launch":"s"}`))).toBe(true)
  })

  it("decode in the window from what the backend writes, and nothing else", () => {
    expect(decodeBackendControl(control.resync("s"))).toEqual({ resync: "s" })
    expect(decodeBackendControl(`{"resync":3}`)).toBeUndefined()
    expect(decodeBackendControl("null")).toBeUndefined()
    expect(decodeBackendControl("{")).toBeUndefined()
  })
})
