/** The plain commands' wire shapes against the contract's schemas: the same values in, the same out. */
import { Collected, ErrandsPayload, HostAddPayload, Label, LichError, Peer, RelayResult, Replied, ThemeInfo } from "@lich/contract"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { shapeOf } from "./derive.js"
import { read, type Shape } from "./shape.js"
import { shapesOf } from "./shapes.js"

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
  ["Label (a named check)", Label, ["Build", "", "a\tb", "a\nb", "\u009b", 1]],
  [
    "HostAddPayload (named checks)",
    HostAddPayload,
    [
      { name: "box", destination: "me@box:22", lich: "" },
      { name: "-box", destination: "me@box", lich: "" },
      { name: "box", destination: "-oProxyCommand=x", lich: "" },
      { name: "box", destination: "me@box", lich: "a\nb" },
      { name: "b".repeat(65), destination: "me@box", lich: "" }
    ]
  ],
  [
    "ErrandsPayload (Schema's bounds)",
    ErrandsPayload,
    [
      { from: "", project: "", session: "", sinceMs: 0, limit: 10_000 },
      { from: "", project: "", session: "", sinceMs: -1, limit: 0 },
      { from: "", project: "", session: "", sinceMs: 5, limit: 1.5 },
      { from: "", project: "", session: "", sinceMs: 5, limit: 10_001 }
    ]
  ],
  [
    "ThemeInfo (records)",
    ThemeInfo,
    [
      { id: "t", name: "T", scheme: "dark", pair: "", inUse: true, app: { bg: "#000" }, terminal: {} },
      { id: "t", name: "T", scheme: "dark", pair: "", inUse: true, app: { bg: 1 }, terminal: {} },
      { id: "t", name: "T", scheme: "dark", pair: "", inUse: true, app: [], terminal: {} }
    ]
  ],
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

  it("refuses a named check with the schema's own sentence, as the first issue Schema reports", () => {
    const r = read(shapeOf(Label.ast), "a\nb")
    const issue = Schema.decodeUnknownEither(Label)("a\nb")
    expect(r.ok).toBe(false)
    expect(issue._tag).toBe("Left")
    expect(r.ok ? "" : r.refusal).toBe(issue._tag === "Left" ? ParseResult.ArrayFormatter.formatErrorSync(issue.left)[0]!.message : "")
  })

  it("is what the plain procedures are read with, and fails to derive what it cannot check", () => {
    expect(shapesOf("relay.Peers").success).toEqual(shapeOf(Schema.Array(Peer).ast))
    expect(shapesOf("relay.Send").success).toEqual(shapeOf(RelayResult.ast))
    expect(() => shapeOf(Schema.String.pipe(Schema.filter((s) => s !== "x")).ast)).toThrow(/cannot express Refinement/)
    expect(() => shapeOf(Schema.String.pipe(Schema.pattern(/^a/)).ast)).toThrow(/cannot express Refinement/)
    expect(() => shapeOf(Schema.NumberFromString.ast)).toThrow(/a transformation other than a class/)
  })
})
