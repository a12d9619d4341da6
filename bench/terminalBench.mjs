// What the two terminal benches (pty-throughput.mjs, pty-path.mjs) share: the file a flood cats and
// a keystroke frame on /ws.
import * as fs from "node:fs"

/** `mib` MiB of printable lines, like a build log: a terminal's real load, not binary noise. */
export const writeFlood = (file, mib) => {
  const line = "0123456789 the quick brown fox jumps over the lazy dog ABCDEFGHIJKLMNOPQRSTUVWXYZ\n"
  const chunk = line.repeat(Math.ceil((1 << 20) / line.length))
  const fd = fs.openSync(file, "w")
  for (let i = 0; i < mib; i++) fs.writeSync(fd, chunk)
  fs.closeSync(fd)
}

/** The contract's /ws binary frame (libs/contract terminalWire.ts): [id length][id][bytes]. */
export const keysFrame = (id, text) => {
  const idb = Buffer.from(id)
  return Buffer.concat([Buffer.from([idb.length]), idb, Buffer.from(text)])
}
