/**
 * A gzipped tar of in-memory files, in the POSIX ustar layout every `tar` reads: a 512-byte header
 * per entry, the data padded to 512, two zero blocks at the end. Written here rather than taken
 * from a dependency because a bug report needs exactly this much: regular files and directories,
 * names under 100 bytes (longer ones go into ustar's 155-byte prefix), no links, no sparse files.
 */
import * as zlib from "node:zlib"

export interface TarEntry {
  /** A relative path with `/` separators; a trailing `/` makes a directory. */
  readonly name: string
  readonly data?: Buffer | string
  readonly mode?: number
  /** Seconds since the epoch. */
  readonly mtime?: number
}

const BLOCK = 512

const octal = (value: number, width: number): string => `${value.toString(8).padStart(width - 1, "0")}\0`

/** ustar splits a long name at a `/` into prefix (≤ 155) and name (≤ 100). */
const splitName = (name: string): { readonly prefix: string; readonly name: string } => {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", name }
  for (let i = name.lastIndexOf("/"); i > 0; i = name.lastIndexOf("/", i - 1)) {
    const prefix = name.slice(0, i)
    const rest = name.slice(i + 1)
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest }
  }
  throw new Error(`a tar entry name is too long for ustar: ${name}`)
}

const header = (e: TarEntry, size: number): Buffer => {
  const h = Buffer.alloc(BLOCK)
  const dir = e.name.endsWith("/")
  const { prefix, name } = splitName(e.name)
  h.write(name, 0, 100, "utf8")
  h.write(octal(e.mode ?? (dir ? 0o700 : 0o600), 8), 100, "ascii")
  h.write(octal(0, 8), 108, "ascii") // uid: the archive carries no one's identity
  h.write(octal(0, 8), 116, "ascii")
  h.write(octal(size, 12), 124, "ascii")
  h.write(octal(Math.floor(e.mtime ?? Date.now() / 1000), 12), 136, "ascii")
  h.write("        ", 148, "ascii") // checksum field counts as spaces while summing
  h.write(dir ? "5" : "0", 156, "ascii")
  h.write("ustar\u000000", 257, "binary")
  h.write(prefix, 345, 155, "utf8")
  let sum = 0
  for (const b of h) sum += b
  h.write(`${octal(sum, 7)} `, 148, "ascii")
  return h
}

/** The uncompressed tar stream. */
export const tar = (entries: ReadonlyArray<TarEntry>): Buffer => {
  const parts: Array<Buffer> = []
  for (const e of entries) {
    const data = e.name.endsWith("/") ? Buffer.alloc(0) : Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data ?? "", "utf8")
    parts.push(header(e, data.length), data)
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK
    if (pad > 0) parts.push(Buffer.alloc(pad))
  }
  parts.push(Buffer.alloc(BLOCK * 2))
  return Buffer.concat(parts)
}

export const tarGz = (entries: ReadonlyArray<TarEntry>): Buffer => zlib.gzipSync(tar(entries))

/** Reads a (gunzipped) tar back: what the tests open the archive with, alongside the system's tar. */
export const untar = (archive: Buffer): Array<{ readonly name: string; readonly mode: number; readonly data: Buffer }> => {
  const out: Array<{ name: string; mode: number; data: Buffer }> = []
  for (let at = 0; at + BLOCK <= archive.length; ) {
    const h = archive.subarray(at, at + BLOCK)
    if (h.every((b) => b === 0)) break
    const field = (from: number, len: number) =>
      h
        .subarray(from, from + len)
        .toString("utf8")
        .replace(/\0.*$/s, "")
    const prefix = field(345, 155)
    const name = prefix === "" ? field(0, 100) : `${prefix}/${field(0, 100)}`
    const size = parseInt(field(124, 12), 8)
    out.push({ name, mode: parseInt(field(100, 8), 8), data: archive.subarray(at + BLOCK, at + BLOCK + size) })
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK
  }
  return out
}
