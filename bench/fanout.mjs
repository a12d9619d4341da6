// The fan-out half of bench/handoff.mjs: N senders at once, each a process of its own (what N agents
// running `lich send`, or one agent's N parallel tool calls, are), against the floor of N plain node
// processes each making one request at once — the least N senders can cost on this machine. Where the
// time goes is read from /proc: CPU of the senders (this process's reaped children), the backend, the
// PTY host and the targets, so a slow fan-out says which of them it was. Linux only, like the PTY host.
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

// USER_HZ: /proc's CPU fields count in these (100 on every Linux lich runs on).
const TICKS_PER_S = 100

const statFields = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
  } catch {
    return undefined
  }
}

/** User + system CPU seconds of `pid` (0 once it is gone). */
export const cpuOf = (pid) => {
  const f = statFields(pid)
  return f === undefined ? 0 : (Number(f[11]) + Number(f[12])) / TICKS_PER_S
}

/** CPU seconds of this process's children that have been waited for: every sender, once it exited. */
export const reapedCpu = () => {
  const f = statFields("self")
  return (Number(f[13]) + Number(f[14])) / TICKS_PER_S
}

/** The PTY host serving the config dir under `xdgConfig`, found by its argv (it names the socket). */
export const hostPid = (xdgConfig) => {
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue
    try {
      const argv = fs.readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0")
      if (argv.some((a) => a.endsWith("ptyhost.cjs")) && argv.some((a) => a.startsWith(`${path.join(xdgConfig, "lich")}/`)))
        return Number(name)
    } catch {
      // gone meanwhile
    }
  }
  return undefined
}

/** Runs `argvs` as processes all at once; resolves with the wall ms until the last exited, their exit codes, and what each that failed printed. */
const allAtOnce = async (file, argvs, env) => {
  const t0 = performance.now()
  const failed = []
  const codes = await Promise.all(
    argvs.map(
      (args) =>
        new Promise((resolve) => {
          const child = spawn(file, args, { env, stdio: ["ignore", "pipe", "inherit"] })
          let out = ""
          child.stdout.on("data", (d) => (out += d))
          child.on("close", (code) => {
            if (code !== 0) failed.push(`exit ${code}: ${out.trim().slice(0, 300)}`)
            resolve(code)
          })
        })
    )
  )
  return { ms: performance.now() - t0, codes, failed }
}

/** A script that makes the same request a CLI call makes (relay.Peers over node:http), and prints the reply. */
export const floorScript = (port, token) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lich-floor-")), "floor.cjs")
  fs.writeFileSync(
    file,
    `const http=require("node:http");const b=JSON.stringify({from:""});` +
      `const r=http.request({host:"127.0.0.1",port:${port},method:"POST",path:"/rpc/relay.Peers?token=${token}",headers:{"content-type":"application/json","content-length":b.length}},` +
      `(res)=>{let s="";res.on("data",(d)=>s+=d);res.on("end",()=>process.stdout.write(s+"\\n"))});r.end(b)`
  )
  return file
}

/**
 * One round of each, measured alike: the floor (N node processes, one request each) and the fan-out
 * (N `lich send` processes, one task to each of N targets, every answer collected). CPU is what each
 * side spent during its own wall time.
 */
export const fanRound = async ({ lich, env, floor, targets, backend, host, round, phase = () => {} }) => {
  const lean = { ...env }
  // As bin/lich runs: the baseline must not parse a CA bundle bin/lich's shebang drops.
  delete lean.NODE_EXTRA_CA_CERTS
  let c0 = reapedCpu()
  const floorBackend0 = cpuOf(backend)
  phase(`round ${round + 1} floor`)
  const f = await allAtOnce(
    process.execPath,
    targets.map(() => [floor]),
    lean
  )
  const floorCpu = reapedCpu() - c0
  const floorBackend = cpuOf(backend) - floorBackend0
  if (f.codes.some((c) => c !== 0)) throw new Error("a floor process failed")

  const workers = targets.map((t) => t.pid)
  const before = { backend: cpuOf(backend), host: cpuOf(host), workers: workers.reduce((a, p) => a + cpuOf(p), 0) }
  c0 = reapedCpu()
  phase(`round ${round + 1} sends`)
  const argvs = targets.map((t, i) => ["send", "--timeout", "120", t.id, `fan-out task ${round}.${i}`])
  const s = await allAtOnce(lich, argvs, env)
  const sendersCpu = reapedCpu() - c0
  return {
    floorMs: f.ms,
    floorCpu,
    floorBackend,
    fanMs: s.ms,
    answered: s.codes.filter((c) => c === 0).length,
    failed: s.failed,
    cpu: {
      senders: sendersCpu,
      backend: cpuOf(backend) - before.backend,
      host: cpuOf(host) - before.host,
      workers: workers.reduce((a, p) => a + cpuOf(p), 0) - before.workers
    }
  }
}
