/**
 * Adding lich's entry to a user's JSON (or JSON-with-comments) file, and taking it out again, as text
 * splices: every byte lich did not write stays where it was — comments, key order, odd spacing, the
 * user's other servers. Removal is the exact inverse of the addition, so an install followed by a
 * remove leaves the file byte-identical (the round-trip tests hold each installer to that).
 *
 * The rule that makes it exact: an entry is appended after the last child of its container as
 * `,<newline><indent><entry>` (or, in an empty container, as the entry alone), and removing a child
 * takes out the stretch from the end of the child before it to its own end. A parent lich had to
 * create is created whole, in one line, and removed only when the caller says lich created it.
 *
 * It refuses a document it cannot parse, whose root is not an object, or where a container lich
 * must write into is something else: one line naming the file, and no text returned.
 */
import { Either } from "effect"
import { type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser"
import { memberOf, nodeValue, OPTIONS } from "./jsonRead.js"

// Reading is plain (no Effect), so `lich plugin` can list the installs without loading Effect.
export { readMember } from "./jsonRead.js"

export type Edited = Either.Either<string, string>

/** The parsed root object, or the one-line refusal. */
export const parseDoc = (text: string, file: string): Either.Either<Node, string> => {
  const errors: Array<ParseError> = []
  const root = parseTree(text, errors, OPTIONS)
  if (errors.length > 0) {
    const e = errors[0]!
    const line = text.slice(0, e.offset).split("\n").length
    return Either.left(`${file} is not valid JSON (${printParseErrorCode(e.error)} on line ${line}), so lich left it as it is`)
  }
  if (root === undefined || root.type !== "object") return Either.left(`${file} does not hold a JSON object, so lich left it as it is`)
  return Either.right(root)
}

const end = (n: Node) => n.offset + n.length

/** The whitespace before `offset` on its line when nothing else precedes it there; undefined otherwise. */
const lineIndent = (text: string, offset: number): string | undefined => {
  const start = text.lastIndexOf("\n", offset - 1) + 1
  const before = text.slice(start, offset)
  return /^[ \t]*$/.test(before) ? before : undefined
}

/** The whitespace that opens the line `offset` is on. */
const lineLead = (text: string, offset: number): string => /^[ \t]*/.exec(text.slice(text.lastIndexOf("\n", offset - 1) + 1))![0]

/** The same JSON value (what a re-install finds already there is left byte for byte). */
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/** `value` as JSON whose later lines sit under `indent`, one `unit` deeper per level. */
const format = (value: unknown, indent: string, unit: string): string => JSON.stringify(value, null, unit).replace(/\n/g, `\n${indent}`)

/** Appends `piece(indent, unit)` as the last child of `container`. */
const append = (text: string, container: Node, piece: (indent: string | undefined, unit: string) => string): string => {
  const kids = container.children ?? []
  if (kids.length === 0) {
    const at = container.offset + 1
    return text.slice(0, at) + piece(undefined, "  ") + text.slice(at)
  }
  const last = kids[kids.length - 1]!
  const indent = lineIndent(text, last.offset)
  const sep = indent === undefined ? ", " : `,\n${indent}`
  const at = end(last)
  return text.slice(0, at) + sep + piece(indent, unitOf(text, container, indent)) + text.slice(at)
}

/** One level of the file's own indentation: how far `indent` (a child's) sits inside its container's line. */
const unitOf = (text: string, container: Node, indent: string | undefined): string => {
  const outer = lineLead(text, container.offset)
  return indent?.startsWith(outer) && indent.length > outer.length ? indent.slice(outer.length) : "  "
}

/** Takes out child `i` of `container` and exactly the separator that came with it. */
const removeChild = (text: string, container: Node, i: number): string => {
  const kids = container.children ?? []
  const c = kids[i]!
  if (i > 0) return text.slice(0, end(kids[i - 1]!)) + text.slice(end(c))
  if (kids.length > 1) return text.slice(0, c.offset) + text.slice(kids[1]!.offset)
  return text.slice(0, c.offset) + text.slice(end(c))
}

const entry = (key: string, value: unknown) => (indent: string | undefined, unit: string) =>
  indent === undefined ? `${JSON.stringify(key)}: ${JSON.stringify(value)}` : `${JSON.stringify(key)}: ${format(value, indent, unit)}`

const nest = (keys: ReadonlyArray<string>, leaf: unknown): unknown => keys.reduceRight<unknown>((v, k) => ({ [k]: v }), leaf)

/** The object at `path`, the deepest existing ancestor and how many levels are missing; Left when one is no object. */
const walk = (root: Node, path: ReadonlyArray<string>, file: string) => {
  let at = root
  for (let i = 0; i < path.length; i++) {
    const p = memberOf(at, path[i]!)
    if (p === undefined) return Either.right({ container: at, missing: path.slice(i) })
    const v = p.children?.[1]
    if (v?.type !== "object")
      return Either.left(`${file}: "${path.slice(0, i + 1).join(".")}" is not an object, so lich left the file as it is`)
    at = v
  }
  return Either.right({ container: at, missing: [] as ReadonlyArray<string> })
}

/**
 * A file that does not exist, or holds only blanks, starts as an empty object. A blank file has
 * nothing to lose, so the caller treats it as one lich created (and deletes it on removal).
 */
const blankAsAbsent = (text: string | undefined): string => (text === undefined || text.trim() === "" ? "{}\n" : text)

export interface Added {
  readonly text: string
  /** How many of the parents lich created (the deepest ones): a removal takes those out too once empty. */
  readonly createdParents: number
}

/**
 * Sets `key` in the object at `parents` to `value`: in place when the key exists (only its value is
 * replaced), appended otherwise, creating missing parents. `text` undefined is a file that does not exist.
 */
export const setMember = (
  text: string | undefined,
  parents: ReadonlyArray<string>,
  key: string,
  value: unknown,
  file: string
): Either.Either<Added, string> =>
  Either.gen(function* () {
    const source = blankAsAbsent(text)
    const root = yield* parseDoc(source, file)
    const { container, missing } = yield* walk(root, parents, file)
    if (missing.length > 0) {
      const [first, ...rest] = missing
      return { text: append(source, container, entry(first!, nest(rest, { [key]: value }))), createdParents: missing.length }
    }
    const existing = memberOf(container, key)?.children?.[1]
    if (existing === undefined) return { text: append(source, container, entry(key, value)), createdParents: 0 }
    if (sameValue(nodeValue(existing), value)) return { text: source, createdParents: 0 }
    // Replaced in the file's own indentation, as the install appended it: an update changes the value only.
    const indent = lineIndent(source, memberOf(container, key)!.offset)
    const json = indent === undefined ? JSON.stringify(value) : format(value, indent, unitOf(source, container, indent))
    return { text: source.slice(0, existing.offset) + json + source.slice(end(existing)), createdParents: 0 }
  })

/**
 * Takes `key` out of the object at `parents`, then each of the `createdParents` deepest parents
 * that is left empty. Text without the key comes back unchanged.
 */
export const removeMember = (text: string, parents: ReadonlyArray<string>, key: string, createdParents: number, file: string): Edited =>
  Either.gen(function* () {
    let out = text
    const path = [...parents, key]
    for (let depth = path.length; depth > 0; depth--) {
      const isParent = depth < path.length
      if (isParent && path.length - depth > createdParents) break
      const root = yield* parseDoc(out, file)
      const found = yield* walk(root, path.slice(0, depth - 1), file)
      if (found.missing.length > 0) break
      const kids = found.container.children ?? []
      const i = kids.findIndex((p) => p.children?.[0]?.value === path[depth - 1])
      if (i < 0) break
      if (isParent && (kids[i]!.children?.[1]?.children?.length ?? 0) > 0) break
      out = removeChild(out, found.container, i)
    }
    return out
  })

/** Whether the document is an object with no members left (what a file lich created holds after a removal). */
export const isEmptyDoc = (text: string): boolean => {
  const errors: Array<ParseError> = []
  const root = parseTree(text, errors, OPTIONS)
  return errors.length === 0 && root?.type === "object" && (root.children?.length ?? 0) === 0 && text.trim() === "{}"
}

/** Appends `value` to the array at `path` unless an element `same` accepts is there (then it is replaced). */
export const setElement = (
  text: string | undefined,
  path: ReadonlyArray<string>,
  value: unknown,
  same: (v: unknown) => boolean,
  file: string
): Either.Either<Added, string> =>
  Either.gen(function* () {
    const source = blankAsAbsent(text)
    const root = yield* parseDoc(source, file)
    const parents = path.slice(0, -1)
    const key = path[path.length - 1]!
    const { container, missing } = yield* walk(root, parents, file)
    if (missing.length > 0) {
      const [first, ...rest] = missing
      return { text: append(source, container, entry(first!, nest(rest, { [key]: [value] }))), createdParents: missing.length + 1 }
    }
    const arr = memberOf(container, key)?.children?.[1]
    if (arr === undefined) return { text: append(source, container, entry(key, [value])), createdParents: 1 }
    if (arr.type !== "array") return yield* Either.left(`${file}: "${path.join(".")}" is not a list, so lich left the file as it is`)
    const hit = (arr.children ?? []).find((c) => same(nodeValue(c)))
    if (hit !== undefined) {
      if (sameValue(nodeValue(hit), value)) return { text: source, createdParents: 0 }
      const indent = lineIndent(source, hit.offset)
      const json = indent === undefined ? JSON.stringify(value) : format(value, indent, unitOf(source, arr, indent))
      return { text: source.slice(0, hit.offset) + json + source.slice(end(hit)), createdParents: 0 }
    }
    return {
      text: append(source, arr, (indent, unit) => (indent === undefined ? JSON.stringify(value) : format(value, indent, unit))),
      createdParents: 0
    }
  })

/**
 * Takes the elements `same` accepts out of the array at `path`, then the array itself and each
 * further parent lich created (`createdParents` counts the array) once empty.
 */
export const removeElements = (
  text: string,
  path: ReadonlyArray<string>,
  same: (v: unknown) => boolean,
  createdParents: number,
  file: string
): Edited =>
  Either.gen(function* () {
    let out = text
    for (;;) {
      const root = yield* parseDoc(out, file)
      const found = yield* walk(root, path.slice(0, -1), file)
      if (found.missing.length > 0) return out
      const arr = memberOf(found.container, path[path.length - 1]!)?.children?.[1]
      if (arr?.type !== "array") return out
      const i = (arr.children ?? []).findIndex((c) => same(nodeValue(c)))
      if (i < 0) break
      out = removeChild(out, arr, i)
    }
    if (createdParents === 0) return out
    // The list is empty now (the loop left nothing `same` accepts): lich's, so it goes, and its created parents with it.
    const root = yield* parseDoc(out, file)
    const found = yield* walk(root, path.slice(0, -1), file)
    const arr = found.missing.length > 0 ? undefined : memberOf(found.container, path[path.length - 1]!)?.children?.[1]
    if ((arr?.children?.length ?? 1) > 0) return out
    return yield* removeMember(out, path.slice(0, -1), path[path.length - 1]!, createdParents - 1, file)
  })
