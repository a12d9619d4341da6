/**
 * What every transcript reader shares: a transcript is one file and the ledger row it earns, and a
 * provider's session id arrives from a hook, so it is checked before it becomes part of a path —
 * no separators, no dots, no glob characters. Where each provider keeps its files is its
 * integration's business (libs/integrations).
 */
import * as fs from "node:fs"

export interface Transcript {
  readonly id: string
  readonly file: string
}

/** A provider's session id fit to be part of a file name. */
export const safeId = (id: string): boolean => /^[A-Za-z0-9_-]{1,128}$/.test(id)

/** A directory's entries; [] for one that does not exist (yet). */
export const listDir = (dir: string): Array<string> => {
  try {
    return fs.readdirSync(dir)
  } catch {
    return []
  }
}
