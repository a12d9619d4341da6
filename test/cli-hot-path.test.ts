/**
 * The hot commands — sessions, whoami, send, wait, reply — run through the one parser and never
 * evaluate Effect (docs/ceilings.md, "CLI cold start"): each is run through the shipped bin/lich with
 * a probe that reports, as the process exits, whether any Effect module ran (every one of them that
 * keeps a global registers it under globalThis["effect/GlobalValue"]). `version`, a command that
 * runs on Effect, is the control: the probe sees it there.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, lichBin, startBackend } from "./harness.js"

const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-probe-"))
const probe = path.join(probeDir, "probe.cjs")
fs.writeFileSync(
  probe,
  `process.on("exit", () => require("node:fs").writeSync(2, "\\neffect evaluated: " + ("effect/GlobalValue" in globalThis) + "\\n"))`
)

interface Probed {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
  readonly effect: boolean
}

const probed = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) =>
  new Promise<Probed>((resolve) => {
    const child = spawn(process.execPath, ["--require", probe, lichBin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("close", (code) => {
      const m = /\neffect evaluated: (true|false)\n$/.exec(stderr)
      resolve({ code: code ?? -1, stdout, stderr: stderr.slice(0, m?.index ?? stderr.length), effect: m?.[1] === "true" })
    })
  })

let b: Backend
let id: string

beforeAll(async () => {
  b = await startBackend()
  const r = await b.lich(["open", "--project", b.project("hot"), "--kind", "shell", "--json"])
  expect(r.code, r.stderr).toBe(0)
  id = JSON.parse(r.stdout).id
})

afterAll(async () => {
  await b.stop()
  fs.rmSync(probeDir, { recursive: true, force: true })
})

describe("the hot commands", () => {
  it("list and name sessions without evaluating Effect", async () => {
    const all = await probed(["sessions", "--json"], b.env)
    expect(all).toMatchObject({ code: 0, stderr: "", effect: false })
    expect(JSON.parse(all.stdout).map((p: { id: string }) => p.id)).toEqual([id])
    const me = await probed(["whoami", "--json"], { ...b.env, LICH_SESSION_ID: id })
    expect(me).toMatchObject({ code: 0, stderr: "", effect: false })
    expect(JSON.parse(me.stdout).id).toBe(id)
  })

  it("send, collect and reply without evaluating Effect, typed refusals included", async () => {
    const miss = await probed(["send", "nobody", "hello"], b.env)
    expect(miss).toMatchObject({ code: 1, stdout: "", effect: false })
    expect(miss.stderr).toMatch(/^lich: no live session named "nobody"\. Live sessions: [^\n]+\n$/)
    const collected = await probed(["wait", "--no-wait", "--json"], { ...b.env, LICH_SESSION_ID: id })
    expect(collected).toMatchObject({ code: 0, stderr: "", effect: false })
    expect(JSON.parse(collected.stdout)).toEqual({ results: [], open: [] })
    const unknown = await probed(["reply", "0123abcd", "done"], { ...b.env, LICH_SESSION_ID: id })
    expect(unknown).toMatchObject({ code: 1, stdout: "", effect: false })
    expect(unknown.stderr).toMatch(/^lich: [^\n]*0123abcd[^\n]*\n$/)
  })

  it("refuse a bad command line without evaluating Effect", async () => {
    expect(await probed(["send", "--bogus", "a", "b"], b.env)).toMatchObject({ code: 1, stdout: "", effect: false })
    expect(await probed(["help"], b.env)).toMatchObject({ code: 0, stderr: "", effect: false })
  })

  it("are told apart from a command that runs on Effect, which the probe does see", async () => {
    expect(await probed(["version", "--json"], b.env)).toMatchObject({ code: 0, stderr: "", effect: true })
  })
})
