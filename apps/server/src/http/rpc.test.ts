import { Rpc, RpcGroup } from "@effect/rpc"
import { NotFound, Refused } from "@lich/contract"
import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { depthOf, MAX_BODY_DEPTH, parseBody, serveRpc } from "./rpc.js"

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

describe("serving a procedure", () => {
  const Greet = Rpc.make("Greet", {
    payload: { name: Schema.String },
    success: Schema.Struct({ text: Schema.String }),
    error: Schema.Union(Refused, NotFound)
  })
  const TestRpcs = RpcGroup.make(Greet).prefix("test.")
  const handlers = TestRpcs.toLayer({
    "test.Greet": ({ name }) =>
      name === "refuse"
        ? Effect.fail(new Refused({ message: "not today" }))
        : name === "die"
          ? Effect.die(new Error("boom"))
          : Effect.succeed({ text: `hello ${name}` })
  })
  const serve = (body: string, tag = "test.Greet") => serveRpc([TestRpcs], tag, body).pipe(Effect.provide(handlers), Effect.runPromise)

  it("answers the encoded success, found by the procedure's handler in context", async () => {
    expect(await serve('{"name":"ann"}')).toEqual({ status: 200, body: { text: "hello ann" } })
  })

  it("answers a declared failure as the envelope with the failure encoded by the error schema", async () => {
    const r = await serve('{"name":"refuse"}')
    expect(r.status).toBe(400)
    expect(JSON.parse(JSON.stringify(r.body))).toEqual({ error: "not today", failure: { _tag: "Refused", message: "not today" } })
  })

  it("answers a defect with a 500 naming the procedure, an unknown one and bad arguments without a failure", async () => {
    expect(await serve('{"name":"die"}')).toEqual({ status: 500, body: { error: "test.Greet failed inside lich: Error: boom" } })
    expect(Object.keys((await serve("{}", "test.Nope")).body as object)).toEqual(["error"])
    expect(await serve("{}", "test.Nope")).toEqual({ status: 404, body: { error: "no procedure named test.Nope" } })
    expect(await serve('{"name":1}')).toEqual({
      status: 400,
      body: { error: "bad arguments for test.Greet: name: Expected string, actual 1" }
    })
  })

  it("answers 404 for a procedure whose handlers are not provided, rather than failing inside lich", async () => {
    expect(await Effect.runPromise(serveRpc([TestRpcs], "test.Greet", "{}"))).toEqual({
      status: 404,
      body: { error: "no procedure named test.Greet" }
    })
  })
})
