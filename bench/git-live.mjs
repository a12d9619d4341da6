// The backend's git work for live worktree sessions while agents edit (issue 22): 20 sessions (SESSIONS),
// each edited about every 3 s (EDIT_EVERY_MS per session, spread), measured for DURATION seconds twice
// in one run against one backend:
//   touched  — each edit is followed by POST /session-touched, as the agent's hook does; lich's own
//              debounced read is the only git work;
//   polling  — the same edits with no touch, and a client asking git.Refresh of every session every
//              second: the 1 s polling loop the dock must not be.
// CPU is the backend's own user+sys plus its reaped children's (every git it ran), from /proc.
// Prints both, the ratio, and `uptime`/`nproc` beside them. Not a test; never gates CI.
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { attachWindow, startBackend } from "./backendRun.mjs"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const lich = path.join(root, "bin", "lich")
const agent = path.join(root, "test", "fixtures", "agents", "mute")
const SESSIONS = Number(process.env.SESSIONS ?? 20)
const DURATION = Number(process.env.DURATION ?? 60)
const EDIT_EVERY_MS = Number(process.env.EDIT_EVERY_MS ?? 3000)

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port
      s.close(() => resolve(p))
    })
  })
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-gitbench-"))
const port = await freePort()
const identity = {
  GIT_AUTHOR_NAME: "b",
  GIT_AUTHOR_EMAIL: "b@lich.invalid",
  GIT_COMMITTER_NAME: "b",
  GIT_COMMITTER_EMAIL: "b@lich.invalid"
}
const env = {
  ...process.env,
  ...identity,
  HOME: dir,
  XDG_CONFIG_HOME: path.join(dir, "c"),
  XDG_DATA_HOME: path.join(dir, "d"),
  LICH_LISTEN_PORT: String(port),
  FAKE_AGENT_LOG: path.join(dir, "agents"),
  LICH_CLAUDE_BIN: agent
}
for (const k of ["LICH_PORT", "LICH_TOKEN", "LICH_SESSION_ID"]) delete env[k]
const git = (cwd, ...args) => execFileSync("git", args, { cwd, env, encoding: "utf8" }).trim()

// A project of a realistic size: 300 files in 30 directories, committed.
const project = path.join(dir, "project")
fs.mkdirSync(project)
git(project, "init", "-q", "-b", "main")
for (let d = 0; d < 30; d++) {
  fs.mkdirSync(path.join(project, `src${d}`))
  for (let f = 0; f < 10; f++) fs.writeFileSync(path.join(project, `src${d}`, `f${f}.ts`), `${"export const x = 1\n".repeat(40)}`)
}
git(project, "add", "-A")
git(project, "commit", "-q", "-m", "initial")

// A run that fails part-way still ends its backend and what runs under it (backendRun.mjs).
const { server, token } = await startBackend(lich, env, dir, "pipe")
// The dock's figures are read for a window: the bench stands in for one.
const window = await attachWindow(port, token)
// A connection per call: a kept-alive socket the server has just closed resets the next call under load.
const post = (route, body) =>
  new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `${route}?token=${token}`,
        agent: false,
        headers: { "content-type": "application/json" }
      },
      (res) => {
        let text = ""
        res.on("data", (d) => (text += d))
        res.on("end", () => resolve({ status: res.statusCode, text }))
      }
    )
    req.on("error", reject)
    req.end(JSON.stringify(body))
  })

const sessions = []
for (let i = 0; i < SESSIONS; i++) {
  const out = execFileSync(lich, ["open", "--project", project, "--worktree", `bench-${i}`, "--json"], { env, encoding: "utf8" })
  const s = JSON.parse(out)
  sessions.push({ id: s.id, path: s.path })
}

// USER_HZ: the kernel reports /proc times in clock ticks of 1/100 s on Linux.
const clk = 100
const cpuOf = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
  const after = f.slice(f.lastIndexOf(")") + 2).split(" ")
  // utime, stime, cutime, cstime are fields 14–17 (1-based), 12–15 here after pid and comm.
  return (Number(after[11]) + Number(after[12]) + Number(after[13]) + Number(after[14])) / clk
}

/** One phase: edits on every session for DURATION s, with touches or with a 1 s polling loop. */
const phase = async (mode) => {
  let edits = 0
  let stopping = false
  const editors = sessions.map((s, i) =>
    (async () => {
      await new Promise((r) => setTimeout(r, (EDIT_EVERY_MS / sessions.length) * i))
      while (!stopping) {
        fs.appendFileSync(path.join(s.path, `src${i % 30}`, "f0.ts"), `export const edit${edits++} = ${Date.now()}\n`)
        if (mode === "touched") await post("/session-touched", { session_id: s.id, file_path: "f0.ts" })
        await new Promise((r) => setTimeout(r, EDIT_EVERY_MS))
      }
    })()
  )
  let polls = 0
  const poller =
    mode === "polling"
      ? (async () => {
          while (!stopping) {
            const started = Date.now()
            await Promise.all(sessions.map((s) => post("/rpc/git.Refresh", { id: s.id })))
            polls++
            await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))))
          }
        })()
      : Promise.resolve()
  const before = cpuOf(server.pid)
  await new Promise((r) => setTimeout(r, DURATION * 1000))
  const after = cpuOf(server.pid)
  stopping = true
  await Promise.all([...editors, poller])
  return { cpu: after - before, edits, polls }
}

// Let the opens' first reads settle before measuring.
await new Promise((r) => setTimeout(r, 3000))
const touched = await phase("touched")
await new Promise((r) => setTimeout(r, 2000))
const polling = await phase("polling")

const load = fs.readFileSync("/proc/loadavg", "utf8").trim().split(" ").slice(0, 3).join(" ")
console.log(`git-live: ${SESSIONS} worktree sessions, an edit per session every ${EDIT_EVERY_MS} ms, ${DURATION} s a phase`)
const perRead = (cpu, reads) => `${((cpu / Math.max(reads, 1)) * 1000).toFixed(0)} ms CPU a read`
console.log(
  `  touched path : ${touched.cpu.toFixed(2)} s CPU (${((touched.cpu / DURATION) * 100).toFixed(1)} % of one core), ${touched.edits} edits → as many reads at most, ${perRead(touched.cpu, touched.edits)}`
)
const wanted = DURATION * SESSIONS
const done = polling.polls * SESSIONS
console.log(
  `  1 s polling  : ${polling.cpu.toFixed(2)} s CPU (${((polling.cpu / DURATION) * 100).toFixed(1)} % of one core), ${done} of the ${wanted} reads a 1 s loop asks for (${polling.polls} rounds), ${perRead(polling.cpu, done)}`
)
console.log(
  `  ratio polling / touched: ${(polling.cpu / Math.max(touched.cpu, 0.01)).toFixed(1)}× (a loop that kept up would cost ~${((wanted / Math.max(done, 1)) * (polling.cpu / Math.max(touched.cpu, 0.01))).toFixed(1)}×)`
)
console.log(`  load ${load} (1/5/15 min) after the run; nproc ${os.cpus().length}`)

window.close()
execFileSync(lich, ["quit"], { env })
await new Promise((r) => server.once("exit", r))
fs.rmSync(dir, { recursive: true, force: true })
