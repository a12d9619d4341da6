// Cold start of the shipped CLI against a live backend, per command: for each command below, the
// median of `bin/lich <command>` against a floor measured in the same run — plain `node` making the
// same request (same procedure, same payload) with node:http and printing the body — as a ratio of
// wall time and of CPU time (user+sys of the child, read by bash's `times`: the steadier number on a
// loaded machine). Goal (issue 21): every command ≤ 1.5× its floor, wall and CPU. Every command
// that talks to the backend has a row (quit alone is left out: it ends the backend the others need);
// `help` is compared with the sessions floor. `plugin --json` makes no request (the installs are
// files in the user's home): its floor is plain `node` reading the same files — the plugin tree's
// manifest, each provider's install files and lich's records, and the five binaries looked up on
// PATH — and printing a line. doctor, rage and mcp are not timed (their own work dwarfs a start:
// docs/ceilings.md). Runs are interleaved so a busy machine slows both sides alike; RUNS=40
// for a steadier median. LICH=<path to bin/lich> measures another build (a before/after against the
// same floors). Not a test; never gates CI.
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const lich = process.env.LICH ?? path.join(root, "bin", "lich")
const runs = Number(process.env.RUNS ?? 30)
const GOAL = 1.5

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port
      s.close(() => resolve(p))
    })
  })

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-bench-"))
const port = await freePort()
const env = { ...process.env, XDG_CONFIG_HOME: path.join(dir, "c"), XDG_DATA_HOME: path.join(dir, "d"), LICH_LISTEN_PORT: String(port) }
// The floor runs as lean as bin/lich does: no CA bundle parsed at start-up (bin/lich unsets it too).
for (const k of ["LICH_PORT", "LICH_TOKEN", "LICH_SESSION_ID", "NODE_EXTRA_CA_CERTS"]) delete env[k]
const backend = spawn(lich, ["--no-window"], { env, stdio: ["ignore", "pipe", "inherit"] })
await new Promise((resolve) => backend.stdout.on("data", (d) => String(d).includes("Window:") && resolve()))
const { token } = JSON.parse(fs.readFileSync(path.join(dir, "c", "lich", "runtime.json"), "utf8"))
const project = path.join(dir, "project")
fs.mkdirSync(project)
const opened = spawnSync(lich, ["open", "--project", project, "--kind", "shell", "--json"], { env, encoding: "utf8" })
if (opened.status !== 0) throw new Error(`open failed: ${opened.stderr}`)
const id = JSON.parse(opened.stdout).id

// One floor script for every procedure: argv[2] is the path, argv[3] the JSON body.
const floor = path.join(dir, "floor.cjs")
fs.writeFileSync(
  floor,
  `const http=require("node:http");const [p,b]=process.argv.slice(2);` +
    `const r=http.request({host:"127.0.0.1",port:${port},method:"POST",path:p+"?token=${token}",headers:{"content-type":"application/json","content-length":Buffer.byteLength(b)}},` +
    `(res)=>{let s="";res.on("data",(d)=>s+=d);res.on("end",()=>process.stdout.write(s+"\\n"))});r.end(b)`
)

// `plugin --json`'s floor: the files it reads (libs/integrations, each provider's status.ts) and
// the PATH lookups of its `found` column, read with plain node:fs — a missing file or PATH entry
// told by a stat that does not throw, as lich tells it, so the floor is the least the work costs.
const pluginFloor = path.join(dir, "plugin-floor.cjs")
const [home, own] = [os.homedir(), path.join(dir, "c", "lich", "plugin")]
const pluginFiles = [
  path.join(root, "hooks", ".claude-plugin", "plugin.json"),
  ...["extensions/lich.js", "mcp.json"].map((f) => path.join(home, ".omp", "agent", f)),
  path.join(dir, "c", "crush", "crushrc"),
  ...["mcp.json", "hooks.json"].map((f) => path.join(home, ".cursor", f)),
  path.join(home, ".kiro", "agents", "lich.json"),
  path.join(home, ".gemini", "config", "plugins", "lich", "plugin.json"),
  ...["cursor", "antigravity"].map((p) => path.join(own, `${p}.json`))
]
fs.writeFileSync(
  pluginFloor,
  `const fs=require("node:fs"),path=require("node:path");const is=(f)=>fs.statSync(f,{throwIfNoEntry:false})?.isFile()===true;` +
    `const read=(f)=>is(f)?fs.readFileSync(f,"utf8"):"";` +
    `const found=(n)=>(process.env.PATH??"").split(path.delimiter).map((d)=>path.join(d,n)).find((f)=>is(f)&&(fs.statSync(f).mode&0o111)!==0)??"";` +
    `process.stdout.write(JSON.stringify({files:${JSON.stringify(pluginFiles)}.map(read).map((t)=>t.length),found:["omp","crush","cursor-agent","kiro-cli","agy"].map(found)})+"\\n")`
)

const inSession = { LICH_SESSION_ID: id }
const none = { from: "" }
// [label, lich args, extra env, exit code expected, procedure, payload]. A command that would change
// something for good (a shell typed at, a window opened, a session opened or closed) is timed on a
// refusal the backend makes — an unknown target, an unknown kind — so the whole request goes out and
// a typed error comes back and is decoded, and every run does the same work.
const commands = [
  ["sessions --json", ["sessions", "--json"], {}, 0, "relay.Peers", none],
  ["whoami --json", ["whoami", "--json"], inSession, 0, "relay.Whoami", { from: id }],
  [
    "send (unknown target)",
    ["send", "nobody", "hi"],
    {},
    1,
    "relay.Send",
    { ...none, target: "nobody", project: "", prompt: "hi", timeout: 0, private: false }
  ],
  ["wait --no-wait --json", ["wait", "--no-wait", "--json"], inSession, 0, "relay.Collect", { from: id, timeout: 0, noWait: true }],
  ["reply (unknown ticket)", ["reply", "0123abcd", "done"], inSession, 1, "relay.Reply", { from: id, ticket: "0123abcd", answer: "done" }],
  ["version --json", ["version", "--json"], {}, 0, "system.Info", {}],
  [
    "open (unknown kind)",
    ["open", "--project", project, "--kind", "nosuch", "--json"],
    {},
    1,
    "spawn.Open",
    { ...none, project, kind: "nosuch", worktree: "", base: "", model: "", effort: "", ultracode: false, folder: "" }
  ],
  [
    "close (unknown target)",
    ["close", "nobody"],
    {},
    1,
    "spawn.Close",
    { ...none, target: "nobody", project: "", worktree: "", force: false }
  ],
  ["rename --json", ["rename", "--json", id, "bench"], {}, 0, "spawn.Rename", { ...none, target: id, project: "", label: "bench" }],
  [
    "control (not Claude Code)",
    ["control", id, "abort"],
    {},
    1,
    "relay.Control",
    { ...none, target: id, project: "", action: "abort", value: "", args: "" }
  ],
  [
    "insert (unknown target)",
    ["insert", "--session", "nobody", "hi"],
    {},
    1,
    "relay.Insert",
    { ...none, session: "nobody", project: "", text: "hi", timeout: 0 }
  ],
  ["focus (unknown target)", ["focus", "nobody"], {}, 1, "relay.Focus", { ...none, target: "nobody", project: "" }],
  ["worktrees --json", ["worktrees", "--project", project, "--json"], {}, 0, "spawn.Worktrees", { ...none, project }],
  ["folders --json", ["folders", "--project", project, "--json"], {}, 0, "spawn.Folders", { ...none, project }],
  ["theme list --json", ["theme", "list", "--json"], {}, 0, "system.Themes", {}],
  ["theme switch system", ["theme", "switch", "system"], {}, 0, "system.SwitchTheme", { id: "system" }],
  ["cost --json", ["cost", "--json"], {}, 0, "system.Cost", { project: "", provider: "", sinceMs: 0 }],
  ["errands --json", ["errands", "--json"], {}, 0, "relay.Errands", { ...none, project: "", session: "", sinceMs: 0, limit: 10_000 }],
  ["hosts --json", ["hosts", "--json"], {}, 0, "hosts.List", {}]
]

/**
 * Wall ms and CPU ms (user+sys of the child) of one run. The child runs under bash, whose `times`
 * reads the children's rusage to the millisecond (/usr/bin/time rounds to 10 ms); bash itself is in
 * the wall time of both sides alike, not in the CPU time.
 */
const TIMED = '"$@" >/dev/null 2>"$ERR"; rc=$?; times; exit $rc'
const errFile = path.join(dir, "stderr")
const seconds = (t) => {
  const m = /(\d+)m([\d.]+)s/.exec(t)
  return Number(m[1]) * 60 + Number(m[2])
}
const time = (file, args, extra, code) => {
  const t = process.hrtime.bigint()
  const r = spawnSync("bash", ["-c", TIMED, "_", file, ...args], { env: { ...env, ...extra, ERR: errFile }, encoding: "utf8" })
  const wall = Number(process.hrtime.bigint() - t) / 1e6
  if (r.status !== code) throw new Error(`${file} ${args.join(" ")} exited ${r.status}, not ${code}: ${fs.readFileSync(errFile, "utf8")}`)
  // `times` prints the shell's own user/sys, then its children's.
  const [user, sys] = r.stdout.trim().split("\n").pop().trim().split(/\s+/).map(seconds)
  return { wall, cpu: (user + sys) * 1000 }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const rows = [
  ...commands.map((c) => ({ c, floor: [], lich: [] })),
  { c: ["help (vs sessions floor)", ["help"], {}, 0, "relay.Peers", { from: "" }], floor: [], lich: [] },
  // No request to mirror: its floor reads the same files (pluginFloor).
  { c: ["plugin --json", ["plugin", "--json"], {}, 0, undefined, undefined], floor: [], lich: [] }
]
for (const r of rows) time(lich, r.c[1], r.c[2], r.c[3]) // warm the code caches and the page cache
for (let i = 0; i < runs; i++) {
  for (const r of rows) {
    const [, args, extra, code, proc, payload] = r.c
    r.floor.push(time(process.execPath, proc === undefined ? [pluginFloor] : [floor, `/rpc/${proc}`, JSON.stringify(payload)], {}, 0))
    r.lich.push(time(lich, args, extra, code))
  }
}
backend.kill("SIGTERM")
const cpuModel = os.cpus()[0]?.model ?? "unknown CPU"
console.log(
  `runs: ${runs}   load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}   ${os.cpus().length} × ${cpuModel}`
)
console.log("command                    floor wall  lich wall  ratio   floor cpu  lich cpu  ratio   goal")
let judged = 0
const missed = []
for (const r of rows) {
  const [fw, lw] = [median(r.floor.map((x) => x.wall)), median(r.lich.map((x) => x.wall))]
  const [fc, lc] = [median(r.floor.map((x) => x.cpu)), median(r.lich.map((x) => x.cpu))]
  const ok = lw / fw <= GOAL && lc / fc <= GOAL
  judged++
  if (!ok) missed.push(r.c[0])
  console.log(
    `${r.c[0].padEnd(26)} ${fw.toFixed(1).padStart(7)} ms ${lw.toFixed(1).padStart(7)} ms ${(lw / fw).toFixed(2).padStart(5)}x ${fc.toFixed(0).padStart(7)} ms ${lc.toFixed(0).padStart(6)} ms ${(lc / fc).toFixed(2).padStart(5)}x   ${ok ? "met" : "NOT met"}`
  )
}
const kib = (f) => (fs.existsSync(f) ? `${(fs.statSync(f).size / 1024).toFixed(0)} KiB` : "none")
const distOf = (name) => path.join(path.dirname(lich), "..", "dist", name)
const sizes = ["cli.cjs", "plugin.cjs", "commands.cjs"].map((n) => `${n} ${kib(distOf(n))} (code cache ${kib(distOf(`${n}.cache`))})`)
console.log(`bundles: ${sizes.join(", ")}`)
// The line names what it judged: every row.
console.log(
  `goal: every command above ≤ ${GOAL}x its floor, wall and CPU: ${missed.length === 0 ? `met (${judged} of ${judged})` : `not met (${judged - missed.length} of ${judged}; over: ${missed.join(", ")})`}`
)
fs.rmSync(dir, { recursive: true, force: true })
