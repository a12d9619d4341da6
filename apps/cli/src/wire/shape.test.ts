/** The hot commands' wire shapes against the contract's schemas: the same values in, the same out. */
import { Collected, LichError, Peer, RelayResult, Replied } from "@lich/contract"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { shapeOf } from "./derive.js"
import { read, type Shape } from "./shape.js"
import { shapes } from "./shapes.js"

const peer = { label: "a", name: "alpha-1", project: "p", kind: "shell", state: "", id: "s1", path: "/x", projectPath: "/x" }
const result = { ticket: "0123abcd", target: "docs", status: "pending", answer: "" }

/** What Schema's decoding prints of `value`, or undefined where it refuses it. */
const viaSchema = (schema: Schema.Schema.Any, value: unknown) => {
  const r = Schema.decodeUnknownEither(schema as Schema.Schema<unknown, unknown>)(value)
  return r._tag === "Right" ? JSON.stringify(r.right) : undefined
}
const viaShape = (shape: Shape, value: unknown) => {
  const r = read(shape, value)
  return r.ok ? JSON.stringify(r.value) : undefined
}

const cases: ReadonlyArray<readonly [string, Schema.Schema.Any, ReadonlyArray<unknown>]> = [
  ["Peer", Peer, [peer, { extra: 1, ...peer }, { ...peer, state: "busy" }, { ...peer, state: "compacting" }, { ...peer, id: 1 }, null, []]],
  ["Peers", Schema.Array(Peer), [[], [peer, { ...peer, label: "b" }], [peer, null], {}, "x"]],
  [
    "RelayResult",
    RelayResult,
    [result, { ...result, detail: "untyped" }, { ...result, status: "lost" }, { ...result, detail: 1 }, { ...result, answer: undefined }]
  ],
  [
    "Collected",
    Collected,
    [
      { results: [result], open: ["docs"], held: true },
      { results: [], open: [] },
      { results: [1], open: [], held: false }
    ]
  ],
  ["Replied", Replied, [{ ticket: "0123abcd" }, { ticket: 1 }, {}]],
  [
    "LichError",
    LichError,
    [
      { _tag: "NotFound", what: "ticket", name: "x", message: "no ticket" },
      { _tag: "NotFound", what: "planet", name: "x", message: "no" },
      { _tag: "Refused", message: "no" },
      { _tag: "Nope", message: "no" },
      { message: "no" }
    ]
  ]
]

describe("a shape derived from the contract's schema", () => {
  for (const [name, schema, values] of cases) {
    it(`takes and refuses what ${name} takes and refuses, and gives what it decodes to`, () => {
      const shape = shapeOf(schema.ast)
      for (const v of values) expect([JSON.stringify(v), viaShape(shape, v)]).toEqual([JSON.stringify(v), viaSchema(schema, v)])
    })
  }

  it("is what the hot procedures are read with, and fails to derive what it cannot check", () => {
    expect(shapes["relay.Peers"]!.success).toEqual(shapeOf(Schema.Array(Peer).ast))
    expect(shapes["relay.Send"]!.success).toEqual(shapeOf(RelayResult.ast))
    expect(() => shapeOf(Schema.String.pipe(Schema.minLength(1)).ast)).toThrow(/cannot express Refinement/)
    expect(() => shapeOf(Schema.NumberFromString.ast)).toThrow(/a transformation other than a class/)
  })
})
