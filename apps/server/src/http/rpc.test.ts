import { describe, expect, it } from "vitest"
import { depthOf, MAX_BODY_DEPTH, parseBody } from "./rpc.js"

const nested = (n: number) => "[".repeat(n) + "]".repeat(n)

describe("an RPC body", () => {
  it("is the payload object, and an empty body is the empty one", () => {
    expect(parseBody('{"from":"","target":"x"}')).toEqual({ from: "", target: "x" })
    expect(parseBody("")).toEqual({})
  })

  it("is refused when it is not one JSON object, so no procedure takes a bare string as 'no payload'", () => {
    for (const body of ['"x"', "1", "null", "true", "[]", "[{}]"]) {
      expect(parseBody(body), body).toBe("the request body must be one JSON object of the procedure's arguments")
    }
    expect(parseBody("{")).toBe("the request body is not JSON")
  })

  it("is refused past 32 levels, measured without recursion even 100k deep", () => {
    expect(depthOf(JSON.parse(nested(MAX_BODY_DEPTH)))).toBe(MAX_BODY_DEPTH)
    expect(parseBody(`{"a":${nested(MAX_BODY_DEPTH - 1)}}`)).toEqual({ a: JSON.parse(nested(MAX_BODY_DEPTH - 1)) })
    expect(parseBody(`{"a":${nested(MAX_BODY_DEPTH)}}`)).toBe(`the request body nests deeper than ${MAX_BODY_DEPTH} levels`)
    expect(parseBody(`{"a":${nested(100_000)}}`)).toBe(`the request body nests deeper than ${MAX_BODY_DEPTH} levels`)
  })
})
