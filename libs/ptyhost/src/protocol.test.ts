import { describe, expect, it } from "vitest"
import { dataHeader, frameReader, jsonFrame, MAX_FRAME_BYTES } from "./protocol.js"

const collect = () => {
  const got: Array<unknown> = []
  const corrupt: Array<string> = []
  const read = frameReader({
    json: (m) => got.push(m),
    // A frame cut across chunks comes in pieces: the pieces, joined, are the frame's bytes.
    data: (h, bytes) => {
      const last = got[got.length - 1] as { h?: number; bytes?: Buffer } | undefined
      if (last?.h === h && last.bytes !== undefined && bytes.length > 0) last.bytes = Buffer.concat([last.bytes, bytes])
      else got.push({ h, bytes: Buffer.from(bytes) })
    },
    corrupt: (reason) => corrupt.push(reason)
  })
  const texts = () =>
    got.map((g) => {
      const d = g as { h?: number; bytes?: Buffer }
      return d.bytes === undefined ? g : { h: d.h, text: d.bytes.toString("utf8") }
    })
  return { read, got: texts, corrupt }
}

const dataFrame = (h: number, text: string) => Buffer.concat([dataHeader(h, Buffer.byteLength(text)), Buffer.from(text)])

describe("the frame reader", () => {
  it("reads the same frames whatever the chunks are cut at", () => {
    const stream = Buffer.concat([jsonFrame({ t: "list", req: 1 }), dataFrame(7, "héllo"), dataFrame(8, ""), jsonFrame({ t: "bye" })])
    const whole = collect()
    whole.read(stream)
    for (let cut = 1; cut < stream.length; cut++) {
      const split = collect()
      split.read(stream.subarray(0, cut))
      split.read(stream.subarray(cut))
      expect(split.got()).toEqual(whole.got())
    }
    const byByte = collect()
    for (const b of stream) byByte.read(Buffer.from([b]))
    expect(byByte.got()).toEqual([{ t: "list", req: 1 }, { h: 7, text: "héllo" }, { h: 8, text: "" }, { t: "bye" }])
  })

  it("hands a data frame cut across chunks on as views of the chunks, never a copy", () => {
    const stream = Buffer.concat([dataFrame(3, "x".repeat(1000)), jsonFrame({ t: "bye" })])
    const first = stream.subarray(0, 400)
    const second = stream.subarray(400)
    const pieces: Array<Uint8Array> = []
    const got: Array<unknown> = []
    const read = frameReader({ json: (m) => got.push(m), data: (_h, bytes) => pieces.push(bytes), corrupt: () => undefined })
    read(first)
    read(second)
    expect(pieces.map((p) => p.length)).toEqual([391, 609])
    expect(pieces.every((p) => p.buffer === stream.buffer)).toBe(true)
    expect(got).toEqual([{ t: "bye" }])
  })

  it("calls a length past the bound a corrupt stream, and reads nothing after it", () => {
    const c = collect()
    const bad = Buffer.alloc(4)
    bad.writeUInt32BE(MAX_FRAME_BYTES + 1)
    c.read(Buffer.concat([bad, jsonFrame({ t: "bye" })]))
    expect(c.corrupt).toEqual([`a frame of ${MAX_FRAME_BYTES + 1} bytes`])
    c.read(jsonFrame({ t: "bye" }))
    expect(c.got()).toEqual([])
  })

  it("passes over a frame type it does not know, as a newer peer of the same protocol may send", () => {
    const c = collect()
    c.read(Buffer.concat([Buffer.from([0, 0, 0, 3, 9, 1, 2]), jsonFrame({ t: "bye" })]))
    expect([c.got(), c.corrupt]).toEqual([[{ t: "bye" }], []])
  })

  it("calls a JSON frame that is not JSON corrupt", () => {
    const c = collect()
    c.read(Buffer.from([0, 0, 0, 2, 0, 0x7b]))
    expect(c.corrupt).toEqual(["a message that is not JSON"])
  })
})
