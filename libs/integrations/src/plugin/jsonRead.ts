/**
 * Reading a member out of a user's JSON (or JSON-with-comments) file, as the installers' status
 * readers do. Apart from jsonEdit.ts, which splices, because reading needs no Effect: `lich plugin`
 * lists the installs from the CLI's first bundle, which loads none (docs/ceilings.md, "CLI cold start").
 */
import { type Node, type ParseError, parseTree } from "jsonc-parser"

export const OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true }

/** The value node of `key` in an object node. */
export const memberOf = (obj: Node, key: string): Node | undefined => obj.children?.find((p) => p.children?.[0]?.value === key)

export const nodeValue = (n: Node): unknown => {
  if (n.type === "object") return Object.fromEntries((n.children ?? []).map((p) => [p.children?.[0]?.value, nodeValue(p.children![1]!)]))
  if (n.type === "array") return (n.children ?? []).map(nodeValue)
  return n.value
}

/** The value of `key` in the object at `parents`, or undefined (also for a file that does not parse). */
export const readMember = (text: string | undefined, parents: ReadonlyArray<string>, key: string): unknown => {
  if (text === undefined) return undefined
  const errors: Array<ParseError> = []
  const root = parseTree(text, errors, OPTIONS)
  if (errors.length > 0 || root?.type !== "object") return undefined
  let at: Node | undefined = root
  for (const k of [...parents, key]) {
    at = at?.type === "object" ? memberOf(at, k)?.children?.[1] : undefined
  }
  return at === undefined ? undefined : nodeValue(at)
}
