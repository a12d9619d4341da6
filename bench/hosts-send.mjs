// A task across hosts against the same task here (issue 27): send → answer to a fast-replying fake
// agent on this machine's lich, and to the same agent on a second lich reached over a private sshd on
// loopback (bench/sshd.mjs), ROUNDS each, interleaved so a busy machine slows both alike. The link's
// own round trip is hosts.Peers through this lich and its forward minus the same relay.Peers asked of
// the host's lich directly: the same work there, without the hop. Prints the medians, the ratio, the goal (cross ≤ 2× local
// + the link's round trip), the CPU each lich spent, and the machine's load. Not a test; never gates CI.
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { cpuOf } from "./fanout.mjs"
import { machines, openPayload, rpcOf } from "./sshd.mjs"

const ROUNDS = Number(process.env.ROUNDS ?? 20)
const agents = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "test", "fixtures", "agents")
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fastReplier = path.join(agents, "fast-replier")

const m = await machines({ localEnv: { LICH_CLAUDE_BIN: fastReplier }, remoteEnv: { LICH_CLAUDE_BIN: fastReplier } })
const local = rpcOf(m.local)
const far = rpcOf(m.remotes[0])
const added = await local("hosts.Add", { name: "devbox", destination: "host1", lich: "" })
if (added.state !== "connected") throw new Error(`the host did not connect: ${added.message}`)

const openIn = (rpc, dir) => rpc("spawn.Open", openPayload(dir, "claude"))
const project = (b) => path.join(b.env.HOME, "project")
for (const b of [m.local, m.remotes[0]]) fs.mkdirSync(project(b), { recursive: true })
const here = (await openIn(local, project(m.local))).session
const there = (await openIn(far, project(m.remotes[0]))).session

const task = (prompt) => ({ from: "", project: "", prompt, timeout: 30, private: false })
const timed = async (f) => {
  const t = performance.now()
  const r = await f()
  if (r.status !== undefined && r.status !== "answered") throw new Error(`not answered: ${JSON.stringify(r)}`)
  return performance.now() - t
}
const sendHere = (n) => timed(() => local("relay.Send", { ...task(`here ${n}`), target: here.id }))
const sendThere = (n) => timed(() => local("hosts.Send", { ...task(`there ${n}`), host: "devbox", target: there.id }))
const peersDirect = () => timed(() => far("relay.Peers", { from: "" }))
const peersThere = () => timed(() => local("hosts.Peers", { host: "devbox", from: "" }))

// Warm-up: each agent's first task waits for it to come up, and the link's first calls open its connections.
await sendHere("warm")
await sendThere("warm")
for (let i = 0; i < 3; i++) await Promise.all([peersDirect(), peersThere()])

const cpu0 = { local: cpuOf(m.local.child.pid), far: cpuOf(m.remotes[0].child.pid) }
const lat = { here: [], there: [], peersDirect: [], peersThere: [] }
for (let i = 0; i < ROUNDS; i++) {
  lat.here.push(await sendHere(i))
  lat.there.push(await sendThere(i))
  lat.peersDirect.push(await peersDirect())
  lat.peersThere.push(await peersThere())
}
const cpu = { local: cpuOf(m.local.child.pid) - cpu0.local, far: cpuOf(m.remotes[0].child.pid) - cpu0.far }

const h = median(lat.here)
const t = median(lat.there)
const link = Math.max(0, median(lat.peersThere) - median(lat.peersDirect))
const goal = 2 * h + link
console.log(`send → answer here:                 median ${h.toFixed(1)} ms (${ROUNDS} rounds)`)
console.log(`send → answer on a host (over ssh): median ${t.toFixed(1)} ms  (${(t / h).toFixed(2)}x here)`)
console.log(
  `the link's round trip:              median ${link.toFixed(1)} ms (hosts.Peers through the link ${median(lat.peersThere).toFixed(1)} − relay.Peers asked there directly ${median(lat.peersDirect).toFixed(1)})`
)
console.log(`goal: ≤ 2x here + the link's round trip = ${goal.toFixed(1)} ms — ${t <= goal ? "met" : "NOT met"}`)
console.log(`CPU over the measured rounds: this lich ${cpu.local.toFixed(2)} s, the host's lich ${cpu.far.toFixed(2)} s`)
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}; load ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`
)
await m.stop()
