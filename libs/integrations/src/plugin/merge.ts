/**
 * One entry of lich's in a user's JSON file, as an install writes it and a removal takes it out,
 * with the record's hint of what lich created there (jsonEdit.ts does the splicing).
 */
import { Either } from "effect"
import { isEmptyDoc, readMember, removeMember, setMember } from "./jsonEdit.js"
import type { Files, Step } from "./Plugin.js"

export interface Merged {
  readonly step: Step
  /** The record's hint for this file: parents lich created, -1 for a file lich created. */
  readonly created: number
}

/** Sets `parents.key` to `value` in `file`; `before` is the hint an earlier install recorded. */
export const mergeEntry = (
  files: Files,
  file: string,
  parents: ReadonlyArray<string>,
  key: string,
  value: unknown,
  before: number | undefined
): Either.Either<Merged, string> => {
  const text = files.read(file)
  return Either.map(setMember(text, parents, key, value, file), (added) => {
    const createdNow = text === undefined || text.trim() === "" ? -1 : added.createdParents
    // An update finds lich's entry in place: what the first install created is still what it created.
    const created = readMember(text, parents, key) !== undefined && before !== undefined ? before : createdNow
    return { step: { _tag: "Write", path: file, text: added.text, mode: 0o600 }, created }
  })
}

/** Takes `parents.key` out of `file`, and the file itself when lich created it and nothing else is left. */
export const unmergeEntry = (
  files: Files,
  file: string,
  parents: ReadonlyArray<string>,
  key: string,
  created: number | undefined
): Either.Either<ReadonlyArray<Step>, string> => {
  const text = files.read(file)
  if (text === undefined || readMember(text, parents, key) === undefined) return Either.right([])
  const depth = created === -1 ? parents.length : Math.max(0, created ?? 0)
  return Either.map(removeMember(text, parents, key, depth, file), (out): ReadonlyArray<Step> => {
    if (created === -1 && isEmptyDoc(out)) return [{ _tag: "Delete", path: file }]
    return [{ _tag: "Write", path: file, text: out, mode: 0o600 }]
  })
}
