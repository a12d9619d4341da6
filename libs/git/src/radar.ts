/**
 * The conflict radar: two open sessions of one project, in two checkouts, changing the same file —
 * in their uncommitted work or on their branches since the base. Two sessions in one checkout share
 * their files by construction and are never an overlap. Pure: the last reads in, overlaps out.
 */
import { Overlap, type SessionGit } from "@lich/contract"

export interface Seat {
  readonly git: SessionGit
  readonly label: string
}

const changedFiles = (s: SessionGit): Set<string> => {
  const files = new Set<string>()
  for (const f of s.committed) files.add(f.path)
  for (const f of s.uncommitted) files.add(f.path)
  return files
}

/** Each session's overlaps with every other session of its project, files sorted, sessions in seat order. */
export const overlapsOf = (seats: ReadonlyArray<Seat>): Map<string, ReadonlyArray<Overlap>> => {
  const files = new Map(seats.map((s) => [s.git.id, changedFiles(s.git)]))
  const result = new Map<string, ReadonlyArray<Overlap>>()
  for (const me of seats) {
    const mine = files.get(me.git.id)!
    const found: Array<Overlap> = []
    for (const other of seats) {
      if (other.git.id === me.git.id || other.git.projectId !== me.git.projectId || other.git.dir === me.git.dir) continue
      const shared = [...files.get(other.git.id)!].filter((f) => mine.has(f)).sort()
      if (shared.length > 0) found.push(new Overlap({ id: other.git.id, label: other.label, files: shared }))
    }
    result.set(me.git.id, found)
  }
  return result
}

const sameOverlaps = (a: ReadonlyArray<Overlap>, b: ReadonlyArray<Overlap>) =>
  a.length === b.length && a.every((o, i) => o.id === b[i]!.id && o.label === b[i]!.label && o.files.join("\0") === b[i]!.files.join("\0"))

/** The sessions whose overlaps differ from what they last carried: they are published again. */
export const changedOverlaps = (seats: ReadonlyArray<Seat>, next: Map<string, ReadonlyArray<Overlap>>) =>
  seats.filter((s) => !sameOverlaps(s.git.overlaps, next.get(s.git.id) ?? []))
