// What the throughput bench reads of a process from /proc while a flood runs: its CPU ticks, its
// context switches and system calls, and which processes are a backend's PTY hosts.
import * as fs from "node:fs"

/** [user, system] clock ticks (10 ms) of one process, from /proc/<pid>/stat. */
export const ticks = (pid) => fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ").slice(11, 13).map(Number)

/**
 * Context switches (voluntary and not, every thread) and read/write system calls of one process so
 * far, from /proc: a flood's counts are the difference.
 */
export const counts = (pid) => {
  const field = (text, name) => Number(new RegExp(`${name}:?\\s+(\\d+)`).exec(text)?.[1] ?? 0)
  let switches = 0
  for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const s = fs.readFileSync(`/proc/${pid}/task/${t}/status`, "utf8")
      switches += field(s, "\\bvoluntary_ctxt_switches") + field(s, "nonvoluntary_ctxt_switches")
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  const io = fs.readFileSync(`/proc/${pid}/io`, "utf8")
  return { switches, reads: field(io, "syscr"), writes: field(io, "syscw") }
}

/** The PTY host processes serving the backend whose config dir is `config` (their argv names it). */
export const ptyHosts = (config) =>
  fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const argv = fs.readFileSync(`/proc/${d}/cmdline`, "utf8")
        return argv.includes("ptyhost") && argv.includes(config)
      } catch {
        return false
      }
    })
    .map(Number)
