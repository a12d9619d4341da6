/**
 * A file's bytes as the dock may show them: over the cap it is `too-large` and its size is all that
 * is known (it is never read — a stat or git's object header says how big it is first); a NUL in its
 * first 8000 bytes makes it binary (git's own rule); otherwise text, decoded as UTF-8 when it is
 * valid UTF-8 and byte for byte (Latin-1) when it is not, so line numbers still match git's.
 */

import * as fs from "node:fs"
import type { ContentKind } from "@lich/contract"

/** 4 MiB: a 50,000-line source file is ~2 MB; past this no person reads a diff line by line. */
export const MAX_TEXT_BYTES = 4 * 1024 * 1024
/** 8000 bytes: how far git looks for a NUL before it calls a file binary. */
const BINARY_PROBE = 8000

export const looksBinary = (b: Buffer): boolean => b.subarray(0, BINARY_PROBE).includes(0)

export interface Decoded {
  readonly text: string
  readonly encoding: "utf-8" | "latin1"
}

const utf8 = new TextDecoder("utf-8", { fatal: true })

export const decode = (b: Buffer): Decoded => {
  try {
    return { text: utf8.decode(b), encoding: "utf-8" }
  } catch {
    return { text: b.toString("latin1"), encoding: "latin1" }
  }
}

/** Lines as git counts them: the last line counts whether or not it ends in a newline. */
export const countLines = (b: Buffer): number => {
  if (b.length === 0) return 0
  let n = 0
  for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) n++
  return b[b.length - 1] === 10 ? n : n + 1
}

export interface WorkFile {
  readonly kind: ContentKind
  readonly size: number
  /** present for text and binary files under the cap */
  readonly bytes?: Buffer
}

/**
 * A file in a checkout, bounded: a symlink is its target's name (as git stores it), a directory or
 * a file gone since git listed it is undefined.
 */
export const readWorkFile = (file: string, cap = MAX_TEXT_BYTES): WorkFile | undefined => {
  let st: fs.Stats
  try {
    st = fs.lstatSync(file)
  } catch {
    return undefined
  }
  if (st.isSymbolicLink()) {
    const target = Buffer.from(fs.readlinkSync(file))
    return { kind: "text", size: target.length, bytes: target }
  }
  if (!st.isFile()) return undefined
  if (st.size > cap) return { kind: "too-large", size: st.size }
  let bytes: Buffer
  try {
    bytes = fs.readFileSync(file)
  } catch {
    return undefined
  }
  // Grown past the cap between the stat and the read (an agent writing it now): still too large.
  if (bytes.length > cap) return { kind: "too-large", size: bytes.length }
  return { kind: looksBinary(bytes) ? "binary" : "text", size: bytes.length, bytes }
}
