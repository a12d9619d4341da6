/**
 * The database under the backend's feet: deleted while it runs, read-only, on a full disk. Each
 * time a change that cannot be kept fails with one line that says why (never "done", never
 * "SqlError: Failed to execute statement"), the backend goes on serving, and what was saved before
 * survives a restart. The read-only file and the full disk are real: a read-only bind mount and a
 * small tmpfs in a mount namespace of the backend's own (a plain chmod stops no root).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import Database from "better-sqlite3"
import { afterAll, describe, expect, it } from "vitest"
import { freePort, isolatedEnv, lichBin, post, startBackend, waitForOutput } from "../harness.js"
import { lichWithin, rawRequest } from "./faultHarness.js"

const root = process.getuid?.() === 0
const dirs: Array<string> = []
const children: Array<ChildProcess> = []
afterAll(async () => {
  for (const c of children.filter((c) => c.exitCode === null && c.signalCode === null)) {
    await new Promise((r) => {
      c.once("exit", r)
      c.kill("SIGTERM")
    })
  }
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

const labelsIn = (file: string) => {
  const db = new Database(file, { readonly: true })
  try {
    return (db.prepare("SELECT label FROM sessions ORDER BY label").all() as Array<{ label: string }>).map((r) => r.label)
  } finally {
    db.close()
  }
}

const fresh = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-fault-store-"))
  dirs.push(dir)
  const env = isolatedEnv(dir, await freePort())
  fs.mkdirSync(path.join(env.HOME!, "p"), { recursive: true })
  return { dir, env, project: path.join(env.HOME!, "p"), db: path.join(env.XDG_CONFIG_HOME!, "lich", "lich.db") }
}

/** A backend started through `argv` (a plain start, or one inside a namespace), once it serves. */
const serve = async (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv) => {
  const child = spawn(argv[0]!, argv.slice(1), { env, stdio: ["ignore", "pipe", "pipe"] })
  children.push(child)
  await waitForOutput(child, /Window: http/)
  return child
}

const quit = async (child: ChildProcess) => {
  const exited = new Promise((r) => child.once("exit", r))
  child.kill("SIGTERM")
  await exited
}

describe("lich.db deleted while lich runs", () => {
  it("refuses the next change in one line, keeps serving and reading, and loses nothing saved before", async () => {
    const b = await startBackend()
    try {
      const project = b.project("p")
      expect((await b.lich(["open", "--project", project, "--kind", "shell"])).code).toBe(0)
      expect((await b.lich(["rename", "Session 1", "--project", project, "kept"])).code).toBe(0)
      const db = path.join(b.env.XDG_CONFIG_HOME!, "lich", "lich.db")
      fs.unlinkSync(db)
      for (const argv of [
        ["rename", "kept", "--project", project, "lost"],
        ["file", "kept", "--project", project, "folder"]
      ]) {
        const r = await b.lich(argv)
        expect(r.code, argv[0]).toBe(1)
        expect(r.stderr, argv[0]).toMatch(
          /^lich: the workspace database failed: lich\.db was deleted or replaced while lich was running \(.*\), so nothing more can be saved — what was saved until then has been put back there; quit lich and start it again \(lich quit, then lich\) to keep saving\n$/
        )
      }
      expect((await b.lich(["sessions"])).stdout).toMatch(/^kept\t/m)
      expect(labelsIn(db)).toEqual(["kept"])
      // What lich doctor asks a running backend: the fact, in the same words.
      const health = (await post(b, "/rpc/system.Health", {})).json()
      expect(health.store).toMatch(/^lich\.db was deleted or replaced while lich was running/)
    } finally {
      await b.stop()
    }
  })
})

describe("a read-only lich.db", () => {
  it("fails each change with one line that says so, while the backend serves", async () => {
    const t = await fresh()
    // A database made by a normal run first, then handed back read-only.
    const first = await serve([lichBin, "--no-window"], t.env)
    expect((await lichWithin(["open", "--project", t.project, "--kind", "shell"], t.env, 15_000)).code).toBe(0)
    await quit(first)
    if (!root) fs.chmodSync(t.db, 0o444)
    const argv = root
      ? [
          "unshare",
          "-m",
          "--propagation",
          "private",
          "sh",
          "-c",
          'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && exec "$2" --no-window',
          "sh",
          t.db,
          lichBin
        ]
      : [lichBin, "--no-window"]
    await serve(argv, t.env)
    const r = await lichWithin(["rename", "Session 1", "--project", t.project, "renamed"], t.env, 15_000)
    expect(r).toMatchObject({
      code: 1,
      stderr:
        "lich: the workspace database failed: lich's database cannot be written (read-only file or disk), so no change is saved — make lich.db and its directory writable, then restart lich\n"
    })
    expect(labelsIn(t.db)).toEqual(["Session 1"])
    expect((await lichWithin(["sessions", "--json"], t.env, 15_000)).code).toBe(0)
    // Known from the start, not only at the first change: what lich doctor reads from a running lich.
    const port = Number(t.env.LICH_LISTEN_PORT)
    const token = JSON.parse(fs.readFileSync(path.join(t.env.XDG_CONFIG_HOME!, "lich", "runtime.json"), "utf8")).token
    const health = await rawRequest(port, "POST", `/rpc/system.Health?token=${token}`, "{}")
    expect(JSON.parse(health.text).store).toBe(
      "lich's database cannot be written (read-only file or disk), so no change is saved — make lich.db and its directory writable, then restart lich"
    )
  })
})

describe("a full disk", () => {
  it("is named as such, and saving resumes once there is room", async () => {
    const t = await fresh()
    const config = t.env.XDG_CONFIG_HOME!
    fs.mkdirSync(config, { recursive: true })
    // 2 MiB of tmpfs for the config dir, in the backend's own mount namespace.
    const ns = root ? ["unshare", "-m", "--propagation", "private"] : ["unshare", "-rm", "--propagation", "private"]
    const backend = await serve(
      [...ns, "sh", "-c", 'mount -t tmpfs -o size=2m tmpfs "$1" && exec "$2" --no-window', "sh", config, lichBin],
      t.env
    )
    const enter = ["-t", String(backend.pid), "-m", ...(root ? [] : ["-U", "--preserve-credentials"])]
    const inside = (argv: ReadonlyArray<string>) => lichWithinNs(enter, argv, t.env)
    expect((await inside(["open", "--project", t.project, "--kind", "shell"])).code).toBe(0)
    const filler = path.join(config, "filler")
    spawnSync("nsenter", [...enter, "dd", "if=/dev/zero", `of=${filler}`, "bs=64k", "count=64"], { stdio: "ignore" })
    const full = await inside(["file", "Session 1", "--project", t.project, "f".repeat(150)])
    expect(full).toMatchObject({
      code: 1,
      stderr:
        "lich: the workspace database failed: the disk holding lich's database is full, so this change was not saved — free some space and try again\n"
    })
    spawnSync("nsenter", [...enter, "rm", filler])
    expect(await inside(["file", "Session 1", "--project", t.project, "roomy"])).toMatchObject({
      code: 0,
      stdout: 'Filed "Session 1" under "roomy".\n'
    })
  })
})

/** The CLI inside the backend's mount namespace, where its runtime.json is. */
const lichWithinNs = (enter: ReadonlyArray<string>, argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("nsenter", [...enter, lichBin, ...argv], { env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })
