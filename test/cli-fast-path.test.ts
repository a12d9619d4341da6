/**
 * The fast path (dist/fast.cjs, apps/cli/src/fast/) against the full one (dist/cli.cjs, forced with
 * LICH_NO_FAST_PATH=1): for every command line it answers, the same stdout, stderr and exit code.
 * "Answered by the fast path itself" is proven with a copy of bin/lich whose dist/ holds the fast
 * bundle alone: a call that reached for the CLI bundle there fails with the loader's "missing" line.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, freePort, isolatedEnv, lichBin, type Run, root, run, startBackend } from "./harness.js"

const fastOnly = fs.mkdtempSync(path.join(os.tmpdir(), "lich-fast-only-"))
fs.mkdirSync(path.join(fastOnly, "bin"))
fs.mkdirSync(path.join(fastOnly, "dist"))
fs.copyFileSync(lichBin, path.join(fastOnly, "bin", "lich"))
fs.copyFileSync(path.join(root, "dist", "fast.cjs"), path.join(fastOnly, "dist", "fast.cjs"))
const MISSING = /^lich: .*dist\/cli\.cjs is missing/

/** `lich <args>` through the fast-only copy: answered by the fast bundle, or the "missing" line. */
const runFastOnly = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) =>
  new Promise<Run>((resolve) => {
    const child = spawn(path.join(fastOnly, "bin", "lich"), args, { env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })

const full = { LICH_NO_FAST_PATH: "1" }

/** The shipped bin/lich, the full path and the fast bundle alone: all three print the same. */
const sameOnAllThree = async (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) => {
  const want = await run(args, { ...env, ...full })
  expect(await run(args, env)).toEqual(want)
  expect(await runFastOnly(args, env)).toEqual(want)
  return want
}

/** A command line the fast path hands over: the shipped CLI prints what the full path prints. */
const handedOver = async (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) => {
  expect((await runFastOnly(args, env)).stderr).toMatch(MISSING)
  const want = await run(args, { ...env, ...full })
  expect(await run(args, env)).toEqual(want)
  return want
}

afterAll(() => fs.rmSync(fastOnly, { recursive: true, force: true }))

describe("the fast path against a live backend", () => {
  let b: Backend
  let ids: Array<string>

  beforeAll(async () => {
    b = await startBackend()
    const project = b.project("alpha")
    ids = []
    for (let i = 0; i < 2; i++) {
      const r = await b.lich(["open", "--project", project, "--kind", "shell", "--json"])
      expect(r.code).toBe(0)
      ids.push(JSON.parse(r.stdout).id)
    }
  })
  afterAll(async () => {
    await b?.stop()
  })

  it("prints sessions' prose table exactly as the full path does", async () => {
    const r = await sameOnAllThree(["sessions"], b.env)
    expect(r.code).toBe(0)
    expect(r.stdout.split("\n")).toHaveLength(4) // header, two sessions, the final newline
  })

  it("prints sessions --json exactly as the full path does: the schema's keys, in its order", async () => {
    const r = await sameOnAllThree(["sessions", "--json"], b.env)
    expect(r.code).toBe(0)
    const peers = JSON.parse(r.stdout) as Array<Record<string, string>>
    expect(peers.map((p) => p.id).sort()).toEqual([...ids].sort())
    expect(Object.keys(peers[0]!)).toEqual(["label", "name", "project", "kind", "state", "id", "path", "projectPath"])
  })

  it("leaves out the calling session, as the full path does", async () => {
    const r = await sameOnAllThree(["sessions", "--json"], { ...b.env, LICH_SESSION_ID: ids[0] })
    expect(JSON.parse(r.stdout).map((p: { id: string }) => p.id)).toEqual([ids[1]])
  })

  it("prints whoami and whoami --json exactly as the full path does", async () => {
    const me = { ...b.env, LICH_SESSION_ID: ids[1] }
    expect((await sameOnAllThree(["whoami"], me)).stdout).toMatch(
      new RegExp(`^session\tproject\tprovider\tname\tstate\tid\n.*\t${ids[1]}\n$`)
    )
    expect(JSON.parse((await sameOnAllThree(["whoami", "--json"], me)).stdout).id).toBe(ids[1])
  })

  it("hands whoami outside a session, and for an id lich does not know, to the full path", async () => {
    expect((await handedOver(["whoami"], b.env)).stderr).toMatch(
      /^lich: whoami names the session it runs in, and this is not running in a lich session/
    )
    const r = await handedOver(["whoami", "--json"], { ...b.env, LICH_SESSION_ID: "no-such-session" })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^lich: /)
  })

  it("hands a flag it does not know, --help and a stray argument to the full path", async () => {
    const bogus = await handedOver(["sessions", "--bogus"], b.env)
    expect(bogus).toEqual({
      code: 1,
      stdout: "",
      stderr: 'lich: unknown flag "--bogus" for lich sessions — `lich sessions --help` lists the flags it takes\n'
    })
    expect((await handedOver(["sessions", "--help"], b.env)).stdout).toMatch(/^usage: lich sessions/)
    expect((await handedOver(["sessions", "extra"], b.env)).code).toBe(1)
  })

  it("hands a refused token to the full path, which words the refusal", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-fast-token-"))
    try {
      const env = { ...isolatedEnv(dir, b.port), LICH_PORT: String(b.port), LICH_TOKEN: "not-the-token" }
      const r = await handedOver(["sessions"], env)
      expect(r).toEqual({
        code: 1,
        stdout: "",
        stderr: `lich: lich on port ${b.port} refused this session's token — the lich that started this session has restarted; open a new session\n`
      })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("the fast path with no backend", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-fast-down-"))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  const noLich = { code: 1, stdout: "", stderr: "lich: no lich is running — open lich, or run this inside one of its sessions\n" }

  it("says no lich is running, exit 1, when there is no runtime file", async () => {
    const env = isolatedEnv(dir, 1)
    expect(await sameOnAllThree(["sessions"], env)).toEqual(noLich)
    expect(await sameOnAllThree(["sessions", "--json"], env)).toEqual(noLich)
    expect(await sameOnAllThree(["whoami", "--json"], { ...env, LICH_SESSION_ID: "s1" })).toEqual(noLich)
  })

  it("says the same when the runtime file names a port nothing listens on", async () => {
    // A port taken and let go again: nothing listens there, so the connection is refused.
    const port = await freePort()
    const env = isolatedEnv(dir, port)
    fs.mkdirSync(path.join(env.XDG_CONFIG_HOME!, "lich"), { recursive: true })
    fs.writeFileSync(path.join(env.XDG_CONFIG_HOME!, "lich", "runtime.json"), JSON.stringify({ pid: 1, port, token: "t", version: "" }))
    expect(await sameOnAllThree(["sessions", "--json"], env)).toEqual(noLich)
  })

  it("hands a runtime file it cannot read to the full path", async () => {
    const env = isolatedEnv(path.join(dir, "unreadable"), 1)
    fs.mkdirSync(path.join(env.XDG_CONFIG_HOME!, "lich", "runtime.json"), { recursive: true }) // a directory in its place
    const r = await handedOver(["sessions"], env)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^lich: .*runtime\.json is a directory/)
  })
})
