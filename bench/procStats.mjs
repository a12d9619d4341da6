// What the throughput bench reads of a process from /proc while a flood runs: its CPU ticks, its
// context switches and system calls, and which processes are a backend's PTY hosts; and how busy the whole machine was.
import * as fs from "node:fs"
import * as os from "node:os"

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

/** The machine's busy and total clock ticks so far, all cores together (/proc/stat's first line). */
export const machineTicks = () => {
  const f = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number)
  const all = f.reduce((a, x) => a + x, 0)
  return { busy: all - f[3] - f[4], all }
}

/** How many cores were busy on average between two `machineTicks` readings. */
export const busyCores = (a, b) => (os.cpus().length * (b.busy - a.busy)) / (b.all - a.all)
