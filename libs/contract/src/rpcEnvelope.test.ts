import { describe, expect, it } from "vitest"
import { decodeRpcEnvelope, parseRpcEnvelope, rpcEnvelope } from "./rpcEnvelope.js"

describe("the RPC failure envelope", () => {
  it("is written as {error, failure}, with no failure key when there is none", () => {
    const failure = { _tag: "NotFound", what: "session", name: "x", message: "no session x" }
    expect(JSON.stringify(rpcEnvelope("no session x", failure))).toBe(
      '{"error":"no session x","failure":{"_tag":"NotFound","what":"session","name":"x","message":"no session x"}}'
    )
    expect(JSON.stringify(rpcEnvelope("the request body is not JSON"))).toBe('{"error":"the request body is not JSON"}')
    expect(rpcEnvelope("m", undefined)).not.toHaveProperty("failure")
  })

  it("reads back what it writes: the message, the encoded failure and its tag", () => {
    const failure = { _tag: "Refused", message: "busy" }
    expect(parseRpcEnvelope(JSON.stringify(rpcEnvelope("busy", failure)))).toEqual({ error: "busy", failure, tag: "Refused" })
    expect(parseRpcEnvelope(JSON.stringify(rpcEnvelope("bad arguments")))).toEqual({
      error: "bad arguments",
      failure: undefined,
      tag: undefined
    })
  })

  it("reads a body that is not an envelope as one with nothing in it, never throwing", () => {
    const none = { error: undefined, failure: undefined, tag: undefined }
    for (const text of ["not found", "", "{", "null", "[]", "1", '"x"']) expect(parseRpcEnvelope(text), text).toEqual(none)
    expect(decodeRpcEnvelope({ error: 3, failure: "x" })).toEqual({ error: undefined, failure: "x", tag: undefined })
    expect(decodeRpcEnvelope({ error: "e", failure: { _tag: 7 } })).toEqual({ error: "e", failure: { _tag: 7 }, tag: undefined })
  })
})
