/**
 * `lich plugin` as a script runs it, on a throwaway home: the list, an install and its removal back
 * to the user's own bytes, --json, and the refusals — one `lich:` line, exit 1, nothing written.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { root, run } from "./harness.js"

const homes: Array<string> = []
afterEach(() => {
  for (const d of homes.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

const machine = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-plugin-cli-"))
  homes.push(dir)
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, "config"), PATH: "/usr/bin:/bin" }
  for (const k of Object.keys(env)) if (k.startsWith("LICH_")) delete env[k]
  return { dir, env, lich: (...args: ReadonlyArray<string>) => run(args, env) }
}

/** Every folder under `dir`, relative and sorted. */
const tree = (dir: string): Array<string> =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()

const userMcp = fs.readFileSync(path.join(root, "test", "fixtures", "plugin", "omp-mcp.json"), "utf8")

describe("lich plugin", () => {
  it("lists the five installs, installs oh-my-pi's and removes it back to the user's bytes", async () => {
    const m = machine()
    const mcp = path.join(m.dir, ".omp", "agent", "mcp.json")
    fs.mkdirSync(path.dirname(mcp), { recursive: true })
    fs.writeFileSync(mcp, userMcp)
    const list = await m.lich("plugin")
    expect(list.code).toBe(0)
    expect(list.stdout.split("\n")[0]).toBe("provider\tname\tfound\tinstalled\tversion\tcurrent")
    expect(list.stdout).toContain("omp\toh-my-pi\t-\tno\t-\t-")
    const installed = await m.lich("plugin", "install", "omp")
    expect(installed).toMatchObject({
      code: 0,
      stderr: "",
      stdout: expect.stringMatching(/^Installed lich's plugin \d+\.\d+\.\d+ for oh-my-pi\.\n$/)
    })
    expect(fs.readFileSync(path.join(m.dir, ".omp", "agent", "extensions", "lich.js"), "utf8")).toMatch(/^\/\/ lich-plugin v/)
    expect(fs.readFileSync(mcp, "utf8")).toContain('"lich": {')
    const json = JSON.parse((await m.lich("plugin", "--json")).stdout) as Array<Record<string, unknown>>
    expect(Object.keys(json[0]!)).toEqual(["provider", "name", "found", "installed", "version", "current"])
    expect(json.find((r) => r.provider === "omp")).toMatchObject({ installed: true, current: true })
    expect((await m.lich("plugin", "update", "omp")).stdout).toMatch(/^Updated lich's plugin/)
    expect(await m.lich("plugin", "remove", "omp")).toMatchObject({ code: 0, stdout: "Removed lich's plugin for oh-my-pi.\n" })
    expect(fs.readFileSync(mcp, "utf8")).toBe(userMcp)
    expect(fs.existsSync(path.join(m.dir, ".omp", "agent", "extensions", "lich.js"))).toBe(false)
  })

  it("removes the folders its installs created once they are empty, and none that were there before", async () => {
    const m = machine()
    // The user's own, empty ~/.cursor and lich's config folder (there once lich has run) stay.
    fs.mkdirSync(path.join(m.dir, ".cursor"))
    fs.mkdirSync(path.join(m.dir, "config", "lich"), { recursive: true })
    const before = tree(m.dir)
    for (const id of ["omp", "cursor", "kiro"]) expect((await m.lich("plugin", "install", id)).stderr).toBe("")
    expect(tree(m.dir)).toEqual(expect.arrayContaining([".omp/agent/extensions", ".kiro/agents", "config/lich/plugin/hooks/cursor"]))
    // A file of the user's in a folder lich created keeps that folder.
    fs.writeFileSync(path.join(m.dir, ".kiro", "agents", "mine.json"), "{}\n")
    for (const id of ["omp", "cursor", "kiro"]) expect((await m.lich("plugin", "remove", id)).stderr).toBe("")
    expect(tree(m.dir)).toEqual([...before, ".kiro", ".kiro/agents"].sort())
  })

  it("refuses a file it cannot parse in one line, exit 1, writing nothing", async () => {
    const m = machine()
    const mcp = path.join(m.dir, ".cursor", "mcp.json")
    fs.mkdirSync(path.dirname(mcp), { recursive: true })
    fs.writeFileSync(mcp, '{ "mcpServers": { "a": ')
    const r = await m.lich("plugin", "install", "cursor")
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^lich: .*mcp\.json is not valid JSON \(.+\), so lich left it as it is\n$/)
    expect(fs.readFileSync(mcp, "utf8")).toBe('{ "mcpServers": { "a": ')
    expect(fs.existsSync(path.join(m.dir, ".cursor", "hooks.json"))).toBe(false)
    expect(fs.existsSync(path.join(m.dir, "config", "lich", "plugin"))).toBe(false)
  })

  it("refuses a provider it does not install into, an update of nothing, and a stray word", async () => {
    const m = machine()
    const unknown = await m.lich("plugin", "install", "claude")
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toBe(
      'lich: "claude" is not a provider lich\'s plugin installs into: omp, crush, cursor, kiro, antigravity (Claude Code, Codex and opencode need none)\n'
    )
    expect(await m.lich("plugin", "update", "kiro")).toMatchObject({
      code: 1,
      stderr: "lich: lich's plugin is not installed for Kiro CLI; install it first\n"
    })
    expect((await m.lich("plugin", "install")).code).toBe(1)
    expect((await m.lich("plugin", "remove", "kiro")).stdout).toBe("lich's plugin is not installed for Kiro CLI; nothing to remove.\n")
  })
})
