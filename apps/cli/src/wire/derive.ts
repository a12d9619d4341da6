/**
 * The wire shapes the hot commands read, derived from the contract's own schemas (shape.ts says why
 * they are plain data). Run by the build, which bundles the result in place of shapes.ts, and by the
 * tests, which read sources. A schema part this cannot express as a shape — a filter, a transform
 * other than a class over its fields, a recursive schema — throws, so a contract change that needs
 * a real check fails the build instead of being waved through.
 */
import { Collect, Peers, Reply, Send, Wait, Whoami } from "@lich/contract"
import type * as AST from "effect/SchemaAST"
import type { ProcedureShapes, Shape } from "./shape.js"

const unsupported = (ast: AST.AST, why: string): never => {
  throw new Error(`the CLI's wire shapes cannot express ${ast._tag} (${why}): decode this procedure with its Schema instead`)
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
    case "Literal":
      return { t: "literal", of: [ast.literal as string | number | boolean | null] }
    case "Union":
      return { t: "union", of: ast.types.map(shapeOf) }
    case "TupleType":
      if (ast.elements.length > 0 || ast.rest.length !== 1) return unsupported(ast, "only arrays of one element type")
      return { t: "array", of: shapeOf(ast.rest[0]!.type) }
    case "TypeLiteral":
      if (ast.indexSignatures.length > 0) return unsupported(ast, "index signatures")
      return {
        t: "struct",
        fields: ast.propertySignatures.map((p) => {
          if (typeof p.name !== "string") return unsupported(ast, "a symbol key")
          return [p.name, shapeOf(p.type), p.isOptional] as const
        })
      }
    case "Transformation":
      // A Schema.Class (or TaggedError) decodes its fields' object into an instance of itself; what
      // crosses the wire, and what JSON.stringify prints of the instance, is that object.
      if (ast.to._tag !== "Declaration") return unsupported(ast, "a transformation other than a class")
      return shapeOf(ast.from)
    default:
      return unsupported(ast, "no plain-data equivalent")
  }
}

interface AnyRpc {
  readonly payloadSchema: { readonly ast: AST.AST }
  readonly successSchema: { readonly ast: AST.AST }
  readonly errorSchema: { readonly ast: AST.AST }
}

const procedure = (rpc: AnyRpc): ProcedureShapes => ({
  payload: shapeOf(rpc.payloadSchema.ast),
  success: shapeOf(rpc.successSchema.ast),
  error: shapeOf(rpc.errorSchema.ast)
})

/** Every procedure a hot command calls, by its URL name. A hot command calling another adds it here. */
export const deriveShapes = (): Record<string, ProcedureShapes> => ({
  "relay.Peers": procedure(Peers),
  "relay.Whoami": procedure(Whoami),
  "relay.Send": procedure(Send),
  "relay.Wait": procedure(Wait),
  "relay.Collect": procedure(Collect),
  "relay.Reply": procedure(Reply)
})
