/**
 * `lich rage` through the bundled CLI, and the archive opened with the system's tar: with no lich,
 * beside a running one (its diagnostic report inside, its token nowhere), and beside one that holds
 * its port but is stopped (SIGSTOP) — the sentence instead of the stacks.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { type Backend, freePort, isolatedEnv, run, startBackend, tokenOf } from "./harness.js"

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** Extracts the archive and returns every entry's text by its path under the root. */
const open = (file: string): Record<string, string> => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "lich-rage-open-"))
  cleanups.push(() => fs.rmSync(out, { recursive: true, force: true }))
  execFileSync("tar", ["xzf", file, "-C", out])
  const [root] = fs.readdirSync(out)
  const entries: Record<string, string> = {}
  const walk = (dir: string, rel: string) => {
    for (const n of fs.readdirSync(dir)) {
      const p = path.join(dir, n)
      if (fs.statSync(p).isDirectory()) walk(p, `${rel}${n}/`)
      else entries[`${rel}${n}`] = fs.readFileSync(p, "utf8")
    }
  }
  walk(path.join(out, root!), "")
  return entries
}

const OLD_TOKEN = "0badc0de0badc0de0badc0de0badc0de"

const rage = async (env: NodeJS.ProcessEnv, dir: string) => {
  const file = path.join(dir, "bug.tar.gz")
  const r = await run(["rage", "--output", file], env)
  return { r, file }
}

describe("lich rage", () => {
  it("needs no running lich, keeps credentials out of env.txt and masks an earlier token in the logs", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-rage-"))
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
    const env: NodeJS.ProcessEnv = { ...isolatedEnv(dir, await freePort()), GH_TOKEN: "ghp_plantedsecret", LICH_SOME_KEY: "planted-key" }
    const config = path.join(env.XDG_CONFIG_HOME!, "lich")
    fs.mkdirSync(config, { recursive: true })
    fs.writeFileSync(path.join(config, "lich.log"), `message="Window: http://127.0.0.1:1/?token=${OLD_TOKEN}"\n`)
    fs.writeFileSync(path.join(config, "lich.db"), "SQLite format 3\0 planted-workspace-row")
    const { r, file } = await rage(env, dir)
    expect(r.stdout.split("\n")).toEqual([
      `Wrote ${file}`,
      expect.stringMatching(/^lich v\S+ on linux\/\w+, not running\.$/),
      "Read it before you attach it: it carries absolute paths, project and branch names.",
      ""
    ])
    expect(r.code).toBe(0)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const e = open(file)
    expect(Object.keys(e).sort()).toEqual(["env.txt", "logs/lich.log", "report.md"])
    expect(e["env.txt"]).toContain("GH_TOKEN=<SET>\n")
    expect(e["env.txt"]).toContain("LICH_SOME_KEY=<SET>\n")
    expect(e["logs/lich.log"]).toContain("token=<REDACTED>")
    expect(e["report.md"]).toMatch(/\| lich\.db \| file \| \d+ \| \d+ \| named, never read \|/)
    expect(Object.values(e).join("\n")).not.toMatch(/ghp_plantedsecret|planted-key|planted-workspace-row|0badc0de/)
  })

  describe("beside a running lich", () => {
    let b: Backend
    it("carries its diagnostic report and never its token", async () => {
      b = await startBackend()
      cleanups.push(() => b.stop())
      const token = tokenOf(b)
      const { r, file } = await rage(b.env, b.dir)
      expect(r.stdout.split("\n")[1]).toMatch(new RegExp(`, running \\(pid ${b.process.pid}, port ${b.port}\\)\\.$`))
      const e = open(file)
      const report = JSON.parse(e["diagnostics.txt"]!) as {
        fibers: Array<string>
        node: { header: { processId: number }; libuv: Array<unknown> }
      }
      expect(report.node.header.processId).toBe(b.process.pid)
      expect(report.node.libuv.length).toBeGreaterThan(0)
      expect(report.fibers.length).toBeGreaterThan(0)
      expect(e["logs/lich.log"]).toContain(`is running on port ${b.port}`)
      expect(e["report.md"]).toContain(`| instance | running (pid ${b.process.pid}, port ${b.port}) |`)
      for (const [name, text] of Object.entries(e)) expect(text.includes(token), name).toBe(false)
    })
  })

  describe("beside a lich that holds its port and stopped answering", () => {
    let b: Backend
    it("says it did not answer within 5 s where the stacks would be", async () => {
      b = await startBackend()
      const pid = b.process.pid!
      // Continued before it is stopped for good, whatever the test did: a stopped process ignores SIGTERM.
      cleanups.push(() => b.stop())
      cleanups.push(() => void process.kill(pid, "SIGCONT"))
      process.kill(pid, "SIGSTOP")
      const { r, file } = await rage(b.env, b.dir)
      expect(r.stdout.split("\n")[1]).toMatch(new RegExp(`, recorded but not answering \\(pid ${pid}, port ${b.port}\\)\\.$`))
      expect(open(file)["diagnostics.txt"]).toBe(
        `lich (pid ${pid}) holds port ${b.port} but did not answer within 5 s, so its stacks could not be collected — it is stuck, not slow.\n`
      )
      expect(r.code).toBe(0)
    }, 20_000)
  })
})
