/**
 * The wire shapes the plain commands read, derived from the contract's own schemas (shape.ts says
 * why they are plain data). Run by the build, which bundles the result in place of shapes.ts, and by
 * the tests, which read sources. A filter becomes a shape when it is one of Schema's bounds (read
 * off its JSON Schema keywords) or one of the contract's named checks (checks.ts, by its schemaId);
 * any other part — another filter, a transform other than a class over its fields, a recursive
 * schema — throws, so a contract change that needs a real check fails the build instead of being
 * waved through.
 */
import { checkNamed } from "@lich/contract"
import * as AST from "effect/SchemaAST"
import { type AnyRpc, procedures } from "./procedures.js"
import type { Bounds, ProcedureShapes, Shape } from "./shape.js"

const unsupported = (ast: AST.AST, why: string): never => {
  throw new Error(`the CLI's wire shapes cannot express ${ast._tag} (${why}): decode this procedure with its Schema instead`)
}

/** Schema's own bounds, by the JSON Schema keywords its filters carry; any other keyword is refused. */
const boundsOf = (rule: Record<string, unknown>): Bounds | undefined => {
  const out: Record<string, number | boolean> = {}
  for (const [k, v] of Object.entries(rule)) {
    if (k === "type" && v === "integer") out.integer = true
    else if (
      ["minLength", "maxLength", "minItems", "maxItems", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].includes(k) &&
      typeof v === "number"
    )
      out[k] = v
    else return undefined
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/** A filter as a shape: one of the contract's named checks, or one of Schema's bounds. */
const refinementOf = (ast: AST.Refinement): Shape => {
  const check = checkNamed(ast.annotations[AST.SchemaIdAnnotationId])
  if (check !== undefined) return { t: "check", of: shapeOf(ast.from), check }
  const rule = ast.annotations[AST.JSONSchemaAnnotationId]
  const bounds = rule && typeof rule === "object" ? boundsOf(rule as Record<string, unknown>) : undefined
  if (bounds === undefined)
    return unsupported(
      ast,
      `a filter that is neither a bound nor one of checks.ts (${String(ast.annotations[AST.TitleAnnotationId] ?? JSON.stringify(rule))})`
    )
  const about = ast.annotations[AST.DescriptionAnnotationId]
  return { t: "bounds", of: shapeOf(ast.from), bounds, about: typeof about === "string" ? about : "a value within its bounds" }
}

const typeLiteralOf = (ast: AST.TypeLiteral): Shape => {
  if (ast.indexSignatures.length > 0) {
    const [sig] = ast.indexSignatures
    if (ast.indexSignatures.length > 1 || ast.propertySignatures.length > 0 || sig!.parameter._tag !== "StringKeyword")
      return unsupported(ast, "index signatures other than one of string keys")
    return { t: "record", of: shapeOf(sig!.type) }
  }
  return {
    t: "struct",
    fields: ast.propertySignatures.map((p) => {
      if (typeof p.name !== "string") return unsupported(ast, "a symbol key")
      return [p.name, shapeOf(p.type), p.isOptional] as const
    })
  }
}

/** The encoded side of `ast` as a Shape. */
export const shapeOf = (ast: AST.AST): Shape => {
  switch (ast._tag) {
    case "StringKeyword":
      return { t: "string" }
    case "NumberKeyword":
      return { t: "number" }
    case "BooleanKeyword":
      return { t: "boolean" }
    case "UndefinedKeyword":
      return { t: "undefined" }
    case "VoidKeyword":
      return { t: "void" }
    case "Literal":
      return { t: "literal", of: [ast.literal as string | number | boolean | null] }
    case "Union":
      return { t: "union", of: ast.types.map(shapeOf) }
    case "TupleType":
      if (ast.elements.length > 0 || ast.rest.length !== 1) return unsupported(ast, "only arrays of one element type")
      return { t: "array", of: shapeOf(ast.rest[0]!.type) }
    case "TypeLiteral":
      return typeLiteralOf(ast)
    case "Refinement":
      return refinementOf(ast)
    case "Transformation":
      // A Schema.Class (or TaggedError) decodes its fields' object into an instance of itself; what
      // crosses the wire, and what JSON.stringify prints of the instance, is that object.
      if (ast.to._tag !== "Declaration") return unsupported(ast, "a transformation other than a class")
      return shapeOf(ast.from)
    default:
      return unsupported(ast, "no plain-data equivalent")
  }
}

const procedure = (rpc: AnyRpc): ProcedureShapes => ({
  payload: shapeOf(rpc.payloadSchema.ast),
  success: shapeOf(rpc.successSchema.ast),
  error: shapeOf(rpc.errorSchema.ast)
})

/** Every procedure the CLI's plain commands call (procedures.ts), by its URL name. */
export const deriveShapes = (): Record<string, ProcedureShapes> =>
  Object.fromEntries(Object.entries(procedures).map(([name, rpc]) => [name, procedure(rpc)]))
