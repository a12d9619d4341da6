/**
 * Every command that talks to the backend runs through the one parser and never evaluates Effect
 * (docs/ceilings.md, "CLI cold start"): each is run through the shipped bin/lich with a probe that
 * reports, as the process exits, whether any Effect module ran (every one of them that keeps a
 * global registers it under globalThis["effect/GlobalValue"]). `plugin install`, which still runs
 * its installer on Effect, is the control: the probe sees it there.
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
  `process.on("exit", () => require("node:fs").writeSync(2, "\\neffect evaluated: " + ("effect/GlobalValue" in globalThis) + " http loaded: " + process.moduleLoadList.includes("NativeModule http") + "\\n"))`
)

interface Probed {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
  readonly effect: boolean
  /** Whether node:http was loaded: only a command that calls the backend needs it. */
  readonly http: boolean
}

const probed = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) =>
  new Promise<Probed>((resolve) => {
    const child = spawn(process.execPath, ["--require", probe, lichBin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("close", (code) => {
      const m = /\neffect evaluated: (true|false) http loaded: (true|false)\n$/.exec(stderr)
      resolve({
        code: code ?? -1,
        stdout,
        stderr: stderr.slice(0, m?.index ?? stderr.length),
        effect: m?.[1] === "true",
        http: m?.[2] === "true"
      })
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
    expect(all).toMatchObject({ code: 0, stderr: "", effect: false, http: true })
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
    // help reads the version, not the wire client: it loads no node:http (cliVersion.ts).
    expect(await probed(["help"], b.env)).toMatchObject({ code: 0, stderr: "", effect: false, http: false })
  })

  it("list lich's plugin installs, and refuse a wrong plugin command line, without evaluating Effect", async () => {
    // The installs are files: the list makes no request and loads no node:http.
    const listed = await probed(["plugin", "--json"], b.env)
    expect(listed).toMatchObject({ code: 0, stderr: "", effect: false, http: false })
    expect(JSON.parse(listed.stdout).map((r: { provider: string }) => r.provider)).toEqual([
      "omp",
      "crush",
      "cursor",
      "kiro",
      "antigravity"
    ])
    const table = await probed(["plugin"], b.env)
    expect(table).toMatchObject({ code: 0, stderr: "", effect: false })
    expect(table.stdout).toMatch(/^provider\tname\tfound\tinstalled\tversion\tcurrent\n/)
    expect(await probed(["plugin", "frobnicate"], b.env)).toMatchObject({ code: 1, stdout: "", effect: false })
  })

  it("are told apart from a command that runs on Effect, which the probe does see", async () => {
    // An install, update or removal runs its installer, Effect code, from the second bundle.
    const refused = await probed(["plugin", "install", "nosuch"], b.env)
    expect(refused).toMatchObject({ code: 1, stdout: "", effect: true })
    expect(refused.stderr).toMatch(/^lich: "nosuch" is not a provider lich's plugin installs into: omp, crush, cursor, kiro, antigravity/)
  })
})

/** A refusal the backend made, read as its typed error: exit 1, one `lich:` line, no Effect. */
const refusedWith = async (args: ReadonlyArray<string>, line: RegExp, env = b.env) => {
  const r = await probed(args, env)
  expect(r, args.join(" ")).toMatchObject({ code: 1, stdout: "", effect: false })
  expect(r.stderr, args.join(" ")).toMatch(line)
}

describe("the other commands", () => {
  it("open, close, rename, file, focus, insert, control and ask sessions, and rename and paint folders, without evaluating Effect", async () => {
    await refusedWith(["open", "--project", b.project("hot"), "--kind", "nosuch"], /^lich: [^\n]*nosuch[^\n]*\n$/)
    await refusedWith(["close", "nobody"], /^lich: [^\n]*"nobody"[^\n]*\n$/)
    await refusedWith(["focus", "nobody"], /^lich: [^\n]*"nobody"[^\n]*\n$/)
    await refusedWith(["insert", "--session", "nobody", "hi"], /^lich: [^\n]*"nobody"[^\n]*\n$/)
    await refusedWith(["control", id, "abort"], /^lich: [^\n]+\n$/)
    const renamed = await probed(["rename", "--json", id, "hot-one"], b.env)
    expect(renamed).toMatchObject({ code: 0, stderr: "", effect: false })
    expect(JSON.parse(renamed.stdout)).toMatchObject({ label: "hot-one" })
    await refusedWith(["ask", "nobody", "why?"], /^lich: [^\n]*"nobody"[^\n]*\n$/)
    await refusedWith(["file", "nobody", "Login"], /^lich: [^\n]*"nobody"[^\n]*\n$/)
    await refusedWith(["rename-folder", "--project", b.project("hot"), "Nowhere", "Else"], /^lich: [^\n]*Nowhere[^\n]*\n$/)
    await refusedWith(["color-folder", "--project", b.project("hot"), "Nowhere", "teal"], /^lich: [^\n]*Nowhere[^\n]*\n$/)
    // The contract's own check on a label, refused here with its sentence before anything is sent.
    await refusedWith(["rename", id, "a\tb"], /^lich: a session's name cannot hold tabs, newlines or other control characters\n$/)
  })

  it("list worktrees, folders, themes, cost, errands and hosts, say the version, and reach hosts, without evaluating Effect", async () => {
    const json = async (args: ReadonlyArray<string>) => {
      const r = await probed(args, b.env)
      expect(r, args.join(" ")).toMatchObject({ code: 0, stderr: "", effect: false })
      return r.stdout === "" ? undefined : JSON.parse(r.stdout)
    }
    expect(await json(["worktrees", "--project", b.project("hot"), "--json"])).toEqual(expect.any(Array))
    expect(await json(["folders", "--project", b.project("hot"), "--json"])).toEqual([])
    expect((await json(["theme", "list", "--json"])).map((t: { id: string }) => t.id)).toContain("system")
    expect(await json(["theme", "switch", "system", "--json"])).toMatchObject({ id: "system" })
    expect(await json(["cost", "--json"])).toMatchObject({ sessions: expect.any(Number) })
    expect(await json(["errands", "--json"])).toBeUndefined()
    expect(await json(["hosts", "--json"])).toEqual([])
    expect(await json(["version", "--json"])).toEqual({ cli: expect.any(String), server: expect.any(String) })
    await refusedWith(["hosts", "add", "-box", "me@box"], /^lich: a host's name is 1 to 64 letters[^\n]*\n$/)
    // --host on the relay's commands: the hosts group's procedures, the host's name checked as the schema does.
    await refusedWith(["sessions", "--host", "-box"], /^lich: a host's name is 1 to 64 letters[^\n]*\n$/)
    await refusedWith(["send", "--host", "nohost", "docs", "hi"], /^lich: [^\n]*nohost[^\n]*\n$/)
    await refusedWith(["wait", "--host", "nohost", "0123abcd"], /^lich: [^\n]*nohost[^\n]*\n$/)
    await refusedWith(["native"], /^lich: the native window is not installed[^\n]*\n$/, { ...b.env, LICH_NATIVE: "" })
  })

  it("quit without evaluating Effect, and say so once the port is free", async () => {
    expect(await probed(["quit"], b.env)).toMatchObject({ code: 0, stdout: "lich has quit.\n", stderr: "", effect: false })
    await refusedWith(["sessions"], /^lich: no lich is running/)
  })
})
