/**
 * A wire shape as plain data, and the one function that reads a JSON value against it. The hot
 * commands (sessions, whoami, send, wait, reply) decode their replies with this instead of Effect's
 * Schema, whose evaluation alone is most of what a cold call spends over a plain node request
 * (docs/ceilings.md, "CLI cold start"). The shapes are not written by hand: derive.ts reads them off
 * the contract's schemas (the build does it once and bundles the result), so the contract stays the
 * one definition. Imports nothing.
 */

export type Shape =
  | { readonly t: "string" }
  | { readonly t: "number" }
  | { readonly t: "boolean" }
  | { readonly t: "undefined" }
  | { readonly t: "literal"; readonly of: ReadonlyArray<string | number | boolean | null> }
  | { readonly t: "array"; readonly of: Shape }
  | { readonly t: "union"; readonly of: ReadonlyArray<Shape> }
  | { readonly t: "struct"; readonly fields: ReadonlyArray<readonly [name: string, shape: Shape, optional: boolean]> }

/** A procedure's three shapes, keyed in shapes.ts by its URL name ("relay.Send"). */
export interface ProcedureShapes {
  readonly payload: Shape
  readonly success: Shape
  readonly error: Shape
}

export type Read = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issue: string }

const miss = (issue: string): Read => ({ ok: false, issue })
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
    case "union": {
      for (const member of shape.of) {
        const r = read(member, value, path)
        if (r.ok) return r
      }
      return miss(`matches none of the shapes it may take${at(path)}`)
    }
  }
}
