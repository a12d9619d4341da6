/**
 * Hosts over a real sshd on loopback (test/sshHarness.ts), with a second lich in its own home as the
 * "remote": adding a host connects it, a host with no lich says so and `connect --start` starts one,
 * an unknown host key is refused with ssh's line, a killed ssh is reconnected, and a far session
 * is listed and opened through the forward. The security properties have a suite of their own
 * (hosts-security.test.ts).
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, type Events, freePort, isolatedEnv, post, run, startBackend, watchEvents } from "./harness.js"
import { forwardPid, remoteSessionEnv, type Sshd, startSshd } from "./sshHarness.js"

let remote: Backend
let local: Backend
let sshd: Sshd
/** A second machine where no lich runs until a test starts one. */
let idleSshd: Sshd
let idleEnv: NodeJS.ProcessEnv
let events: Events
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lich-hosts-"))

beforeAll(async () => {
  remote = await startBackend()
  sshd = await startSshd(path.join(tmp, "sshd"), remoteSessionEnv(remote.env), { devbox: { known: true }, stranger: { known: false } })
  idleEnv = isolatedEnv(path.join(tmp, "idle"), await freePort())
  fs.mkdirSync(idleEnv.HOME!, { recursive: true })
  idleSshd = await startSshd(path.join(tmp, "idle-sshd"), remoteSessionEnv(idleEnv), { idle: { known: true } })
  // Both machines' ssh aliases in one file, as a user's ~/.ssh/config would hold them.
  const config = path.join(tmp, "ssh_config")
  fs.writeFileSync(config, `${fs.readFileSync(sshd.config, "utf8")}\n${fs.readFileSync(idleSshd.config, "utf8")}`)
  local = await startBackend({ LICH_SSH_CONFIG: config })
  events = await watchEvents(local)
})

afterAll(async () => {
  events?.close()
  await local?.stop()
  await run(["quit"], idleEnv)
  await idleSshd?.stop()
  await sshd?.stop()
  await remote?.stop()
  fs.rmSync(tmp, { recursive: true, force: true })
})

const rpc = (method: string, body: unknown) => post(local, `/rpc/${method}`, body)

describe("a host", () => {
  it("is connected once added, and listed with the far lich's version", async () => {
    const added = await local.lich(["hosts", "add", "devbox", "devbox"])
    expect(added).toMatchObject({ code: 0, stderr: "", stdout: "Added devbox (devbox). devbox is connected (lich 0.1.0).\n" })
    const list = await local.lich(["hosts", "--json"])
    expect(JSON.parse(list.stdout)).toEqual([{ name: "devbox", destination: "devbox", state: "connected", message: "", version: "0.1.0" }])
    const prose = await local.lich(["hosts"])
    expect(prose.stdout).toBe("host\tdestination\tstate\tversion\tmessage\ndevbox\tdevbox\tconnected\t0.1.0\t\n")
  })

  it("lists the far lich's sessions and opens one there, through the forward", async () => {
    const project = remote.project("far")
    const opened = await rpc("hosts.Open", {
      host: "devbox",
      from: "",
      project,
      kind: "crush",
      worktree: "",
      base: "",
      model: "",
      effort: "",
      ultracode: false,
      folder: ""
    })
    expect(opened.status).toBe(200)
    const id = (opened.json().session as { id: string }).id
    const far = await remote.lich(["sessions", "--json"])
    expect(JSON.parse(far.stdout).map((p: { id: string }) => p.id)).toContain(id)
    const peers = await rpc("hosts.Peers", { host: "devbox", from: "" })
    expect((peers.json() as unknown as Array<{ id: string; projectPath: string }>).find((p) => p.id === id)?.projectPath).toBe(project)
  })

  it("says a far refusal is the host's", async () => {
    const r = await rpc("hosts.Open", {
      host: "devbox",
      from: "",
      project: "/nowhere/at/all",
      kind: "crush",
      worktree: "",
      base: "",
      model: "",
      effort: "",
      ultracode: false,
      folder: ""
    })
    expect(r.status).toBeGreaterThanOrEqual(400)
    expect(String(r.json().error)).toMatch(/^on host "devbox": /)
  })

  it("refuses an unknown host key with ssh's own line, and never writes it to known_hosts", async () => {
    const before = fs.readFileSync(sshd.knownHosts, "utf8")
    const r = await local.lich(["hosts", "add", "stranger", "stranger"])
    expect(r).toMatchObject({
      code: 0,
      stdout: "Added stranger (stranger). stranger is refused: ssh to stranger failed: Host key verification failed.\n"
    })
    const again = await local.lich(["hosts", "connect", "stranger"])
    expect(again).toMatchObject({ code: 1, stderr: "lich: stranger is refused: ssh to stranger failed: Host key verification failed.\n" })
    expect(fs.readFileSync(path.join(path.dirname(sshd.knownHosts), "known_hosts.empty"), "utf8")).toBe("")
    expect(fs.readFileSync(sshd.knownHosts, "utf8")).toBe(before)
    expect((await local.lich(["hosts", "remove", "stranger"])).stdout).toBe("Removed stranger (stranger).\n")
  })

  it("says no lich runs on a host, and connect --start starts one there that outlives the ssh session", async () => {
    const added = await local.lich(["hosts", "add", "idle", "idle"])
    expect(added.stdout).toBe(
      "Added idle (idle). idle is no-lich: no lich is running on idle — start one there (lich --no-window), or from here: lich hosts connect idle --start\n"
    )
    const started = await local.lich(["hosts", "connect", "idle", "--start"])
    expect(started).toMatchObject({ code: 0, stdout: "idle is connected (lich 0.1.0).\n" })
    const far = await run(["version", "--json"], idleEnv)
    expect(JSON.parse(far.stdout)).toEqual({ cli: "0.1.0", server: "0.1.0" })
  })

  it("marks a host disconnected when its ssh is killed, and connects it again", async () => {
    const from = events.seen().length
    const ssh = forwardPid(local, "devbox")
    expect(ssh).toBeDefined()
    process.kill(ssh!, "SIGKILL")
    const dropped = await statusAfter(from, "devbox", "disconnected")
    expect(String(dropped.e.message)).toMatch(/^the link to devbox dropped \(.*\); lich reconnects$/)
    await statusAfter(dropped.at, "devbox", "connected")
    expect(forwardPid(local, "devbox")).not.toBe(ssh)
    expect(JSON.parse((await local.lich(["hosts", "--json"])).stdout)[0]).toMatchObject({ name: "devbox", state: "connected" })
  })
})

/** The first host-status of `name` in `state` at or after event number `from`, and its number. */
const statusAfter = async (from: number, name: string, state: string) => {
  const at = (e: Record<string, unknown>) => events.seen().indexOf(e)
  const e = await events.until((x) => at(x) >= from && x._tag === "host-status" && x.name === name && x.state === state)
  return { e, at: at(e) }
}
