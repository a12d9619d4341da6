/**
 * One incremental read of one transcript file: from the ledger's offset to the end of the last
 * complete line, a bounded chunk at a time. A file shorter than the offset was rewritten or
 * truncated, and is counted again from the start.
 */

import * as fs from "node:fs"
import { withOpenFile } from "@lich/doctor/files"
import { fresh, type ScanState } from "./lines.js"

/** 8 MiB per read: a long first scan proceeds in steps instead of holding one huge buffer. */
const CHUNK_BYTES = 8 * 1024 * 1024

export const readFrom = (file: string, start: ScanState, scan: (chunk: Buffer, s: ScanState) => ScanState): ScanState | undefined =>
  withOpenFile(file, (fd) => {
    const size = fs.fstatSync(fd).size
    let s: ScanState = size < start.offset ? fresh : { ...start, counted: 0 }
    while (s.offset < size) {
      const buf = Buffer.alloc(Math.min(CHUNK_BYTES, size - s.offset))
      const n = fs.readSync(fd, buf, 0, buf.length, s.offset)
      const next = scan(buf.subarray(0, n), s)
      // A line longer than a chunk, or one still being written, waits for the next scan.
      const stalled = next.offset === s.offset
      s = next
      if (next.stuck || stalled) break
    }
    return s
  })
