/** What Tab does in the open-project field: one match completes into it, several to what they share. */
import type { Completion } from "../api/wire.js"

type Entry = Completion["entries"][number]

const shared = (a: string, b: string) => {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return a.slice(0, i)
}

export const tabComplete = (typed: string, entries: ReadonlyArray<Entry>): string => {
  if (entries.length === 0) return typed
  if (entries.length === 1) return `${entries[0]!.path}/`
  const common = entries.map((e) => e.path).reduce(shared)
  return common.length > typed.length ? common : typed
}
