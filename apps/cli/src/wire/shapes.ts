/**
 * The hot commands' wire shapes. From sources (the tests) they are derived here from the contract;
 * the CLI bundle replaces this module with the same derivation made at build time, as JSON
 * (scripts/build.mjs, `wire-shapes`), so a call never evaluates a schema to get them.
 */
import { deriveShapes } from "./derive.js"
import type { ProcedureShapes } from "./shape.js"

export const shapes: Readonly<Record<string, ProcedureShapes>> = deriveShapes()
