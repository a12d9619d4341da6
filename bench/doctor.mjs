// `lich doctor`'s wall time against `node -e 0` in the same run: doctor runs in CI and in every bug
// report, so it should feel instant. Two machines: a first run (doctor creates the config dir, the
// log and the store, migrating it) and a warm one (everything exists; the store is opened and
// migrated as a no-op). No lich is running, so the store check does the real work. Runs are
// interleaved so a busy machine slows both sides alike; RUNS=40 for a steadier median. Also prints
// one run's own per-check times. Not a test; never gates CI. See bench/README.md.
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const lich = path.join(root, "bin", "lich")
const runs = Number(process.env.RUNS ?? 20)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-bench-doctor-"))

const envFor = (name) => {
  const env = {
    ...process.env,
    HOME: path.join(dir, name, "home"),
    XDG_CONFIG_HOME: path.join(dir, name, "config"),
    XDG_DATA_HOME: path.join(dir, name, "data")
  }
  for (const k of Object.keys(env)) if (k.startsWith("LICH_") || k === "NODE_EXTRA_CA_CERTS") delete env[k]
  env.LICH_LISTEN_PORT = "47823" // a port no lich here runs on, so the listener check binds it
  fs.mkdirSync(env.HOME, { recursive: true })
  return env
}

const time = (file, args, env) => {
  const t = process.hrtime.bigint()
  const r = spawnSync(file, args, { env, encoding: "utf8" })
  // exit 1 is a verdict (a missing browser here), not a broken run; anything else is
  if (r.status !== 0 && r.status !== 1) throw new Error(`${file} ${args.join(" ")} failed: ${r.stderr}`)
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, stdout: r.stdout }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const warm = envFor("warm")
time(lich, ["doctor"], warm) // warms the code cache, creates the warm machine
const base = []
const first = []
const again = []
for (let i = 0; i < runs; i++) {
  base.push(time(process.execPath, ["-e", "0"], warm).ms)
  first.push(time(lich, ["doctor"], envFor(`first-${i}`)).ms)
  again.push(time(lich, ["doctor"], warm).ms)
}
const sample = time(lich, ["doctor"], warm)
fs.rmSync(dir, { recursive: true, force: true })

const b = median(base)
const line = (label, xs) => `${label.padEnd(34)} ${median(xs).toFixed(0).padStart(5)} ms  ${(median(xs) / b).toFixed(1)}× node -e 0`
console.log(`lich doctor, median of ${runs} (node ${process.version}, ${os.cpus().length} cores)`)
console.log(`${"node -e 0".padEnd(34)} ${b.toFixed(0).padStart(5)} ms`)
console.log(line("doctor, first run (creates store)", first))
console.log(line("doctor, warm machine", again))
console.log("\none warm run's own report:")
console.log(
  sample.stdout
    .split("\n")
    .filter((l) => /^ {2}\S|^ {8}total/.test(l))
    .map((l) => l.slice(0, 60))
    .join("\n")
)
