/**
 * A wire shape as plain data, and the one function that reads a JSON value against it. The hot
 * commands (sessions, whoami, send, wait, reply) decode their replies with this instead of Effect's
 * Schema, whose evaluation alone is most of what a cold call spends over a plain node request
 * (docs/ceilings.md, "CLI cold start"). The shapes are not written by hand: derive.ts reads them off
 * the contract's schemas (the build does it once and bundles the result), so the contract stays the
 * one definition. Imports only the contract's plain checks (checks.ts imports nothing, and the build
 * takes that file alone).
 */
import { type CheckName, checks } from "@lich/contract"

/** A numeric or length bound of Schema's own (`maxLength`, `between`, `int`), as its JSON Schema keywords. */
export interface Bounds {
  readonly minLength?: number
  readonly maxLength?: number
  readonly minItems?: number
  readonly maxItems?: number
  readonly minimum?: number
  readonly maximum?: number
  readonly exclusiveMinimum?: number
  readonly exclusiveMaximum?: number
  readonly integer?: boolean
}

export type Shape =
  | { readonly t: "string" }
  | { readonly t: "number" }
  | { readonly t: "boolean" }
  | { readonly t: "undefined" }
  /** Schema.Void: whatever comes (a procedure that answers nothing), read as undefined. */
  | { readonly t: "void" }
  | { readonly t: "literal"; readonly of: ReadonlyArray<string | number | boolean | null> }
  | { readonly t: "array"; readonly of: Shape }
  | { readonly t: "union"; readonly of: ReadonlyArray<Shape> }
  | { readonly t: "struct"; readonly fields: ReadonlyArray<readonly [name: string, shape: Shape, optional: boolean]> }
  /** An object of any string keys, each value of one shape (Schema.Record). */
  | { readonly t: "record"; readonly of: Shape }
  /** One of the contract's named checks (checks.ts) over a shape. */
  | { readonly t: "check"; readonly of: Shape; readonly check: CheckName }
  /** Schema's own bounds over a shape; `about` is the filter's description. */
  | { readonly t: "bounds"; readonly of: Shape; readonly bounds: Bounds; readonly about: string }

/** A procedure's three shapes, keyed in shapes.ts by its URL name ("relay.Send"). */
export interface ProcedureShapes {
  readonly payload: Shape
  readonly success: Shape
  readonly error: Shape
}

/**
 * `refusal`: where a named check refused the value, its message alone — what Schema's first issue
 * says of it, and the line a person reads when a payload they typed breaks it.
 */
export type Read =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issue: string; readonly refusal?: string }

const miss = (issue: string, refusal?: string): Read => (refusal === undefined ? { ok: false, issue } : { ok: false, issue, refusal })
const got = (value: unknown): Read => ({ ok: true, value })
const at = (path: string) => (path === "" ? "" : ` at ${path}`)

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

const readStruct = (shape: Extract<Shape, { t: "struct" }>, value: unknown, path: string): Read => {
  if (!isRecord(value)) return miss(`expected an object${at(path)}`)
  // A fresh object in the schema's field order, keys it does not name dropped: what Schema's decoding gives.
  const out: Record<string, unknown> = {}
  for (const [name, field, optional] of shape.fields) {
    if (!Object.hasOwn(value, name)) {
      if (optional) continue
      return miss(`missing "${name}"${at(path)}`)
    }
    const r = read(field, value[name], path === "" ? name : `${path}.${name}`)
    if (!r.ok) return r
    out[name] = r.value
  }
  return got(out)
}

const readArray = (shape: Extract<Shape, { t: "array" }>, value: unknown, path: string): Read => {
  if (!Array.isArray(value)) return miss(`expected an array${at(path)}`)
  const out: Array<unknown> = []
  for (let i = 0; i < value.length; i++) {
    const r = read(shape.of, value[i], `${path}[${i}]`)
    if (!r.ok) return r
    out.push(r.value)
  }
  return got(out)
}

const readRecord = (shape: Extract<Shape, { t: "record" }>, value: unknown, path: string): Read => {
  if (!isRecord(value)) return miss(`expected an object${at(path)}`)
  const out: Record<string, unknown> = {}
  for (const [name, v] of Object.entries(value)) {
    const r = read(shape.of, v, path === "" ? name : `${path}.${name}`)
    if (!r.ok) return r
    out[name] = r.value
  }
  return got(out)
}

const within = (b: Bounds, v: unknown): boolean => {
  if (typeof v === "string")
    return (b.minLength === undefined || v.length >= b.minLength) && (b.maxLength === undefined || v.length <= b.maxLength)
  if (Array.isArray(v)) return (b.minItems === undefined || v.length >= b.minItems) && (b.maxItems === undefined || v.length <= b.maxItems)
  const n = v as number
  return (
    (b.integer !== true || Number.isInteger(n)) &&
    (b.minimum === undefined || n >= b.minimum) &&
    (b.maximum === undefined || n <= b.maximum) &&
    (b.exclusiveMinimum === undefined || n > b.exclusiveMinimum) &&
    (b.exclusiveMaximum === undefined || n < b.exclusiveMaximum)
  )
}

/** A refinement: the shape first, then its check, as Schema runs a filter on what its `from` decoded. */
const readRefined = (shape: Extract<Shape, { t: "check" | "bounds" }>, value: unknown, path: string): Read => {
  const r = read(shape.of, value, path)
  if (!r.ok) return r
  if (shape.t === "bounds") return within(shape.bounds, r.value) ? r : miss(`expected ${shape.about}${at(path)}`)
  const c = checks[shape.check]
  return c.test(r.value as string) ? r : miss(`${c.message}${at(path)}`, c.message)
}

/** `value` as `shape` decodes it, or the first place it does not fit. */
export const read = (shape: Shape, value: unknown, path = ""): Read => {
  switch (shape.t) {
    case "string":
    case "number":
    case "boolean":
    case "undefined":
      return typeof value === shape.t ? got(value) : miss(`expected a ${shape.t}${at(path)}`)
    case "literal":
      return shape.of.includes(value as never) ? got(value) : miss(`expected one of ${JSON.stringify(shape.of)}${at(path)}`)
    case "array":
      return readArray(shape, value, path)
    case "struct":
      return readStruct(shape, value, path)
    case "void":
      return got(undefined)
    case "record":
      return readRecord(shape, value, path)
    case "check":
    case "bounds":
      return readRefined(shape, value, path)
    case "union": {
      for (const member of shape.of) {
        const r = read(member, value, path)
        if (r.ok) return r
      }
      return miss(`matches none of the shapes it may take${at(path)}`)
    }
  }
}
