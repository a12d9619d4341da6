/**
 * The plain commands' wire shapes, by procedure. From sources (the tests) they are derived here from
 * the contract; the CLI bundle replaces this module with the same derivation made at build time
 * (scripts/build.mjs, `wire-shapes`), each procedure's shapes a JSON string parsed on first use, so
 * a call never evaluates a schema and reads only the shapes of the procedures it calls.
 */
import { deriveShapes } from "./derive.js"
import type { PlainProcedure } from "./procedures.js"
import type { ProcedureShapes } from "./shape.js"

let derived: Record<string, ProcedureShapes> | undefined

export const shapesOf = (name: PlainProcedure): ProcedureShapes => {
  derived ??= deriveShapes()
  return derived[name]!
}
