/**
 * Every install on real-shaped user files (comments, other servers, odd formatting): what it writes,
 * that a second install is an update in place, that Remove gives every user file back byte for byte
 * and leaves nothing of lich's behind, and the refusals — each one line, with nothing written.
 */

import * as fs from "node:fs"
import * as path from "node:path"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { crushVersionOk } from "../crush/install.js"
import { kiroAgentPath } from "../kiro/install.js"
import { withFolders } from "./folders.js"
import { readMember } from "./jsonEdit.js"
import type { Files, Plan, PluginContext, PluginProvider } from "./Plugin.js"
import { installers, pluginState } from "./plugins.js"
import { REPORT_SCRIPTS } from "./scripts.js"

const fixtures = path.resolve(__dirname, "../../../../test/fixtures/plugin")
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), "utf8")

const HOME = "/home/u"
const ctx: PluginContext = {
  home: HOME,
  env: {},
  lichBin: "/opt/lich/bin/lich",
  version: "0.19.0",
  scriptsSource: "/opt/lich/hooks/hooks",
  ownDir: "/home/u/.config/lich/plugin"
}

/** Every folder above `file`, up to the root. */
const parents = (file: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (let d = path.dirname(file); d !== path.dirname(d); d = path.dirname(d)) out.push(d)
  return out
}

/** A machine in memory: the files, the folders (a write creates its parents, as apply.ts does), and the commands the plans ran. */
const machine = (seed: Record<string, string>) => {
  const disk = new Map<string, string>(Object.entries(seed))
  for (const s of REPORT_SCRIPTS) disk.set(path.join(ctx.scriptsSource, s), `# ${s}\n`)
  // lich's own config folder is there once lich has run; a plugin removal leaves it (folders.ts).
  const dirs = new Set<string>([...parents(ctx.ownDir), ...[...disk.keys()].flatMap(parents)])
  const runs: Array<ReadonlyArray<string>> = []
  const files: Files = { read: (p) => disk.get(p), isDir: (p) => dirs.has(p) }
  const under = (dir: string) => (k: string) => k.startsWith(`${dir}/`)
  const apply = (plan: Plan) => {
    for (const s of plan) {
      if (s._tag === "Write") {
        disk.set(s.path, s.text)
        for (const d of parents(s.path)) dirs.add(d)
      } else if (s._tag === "Delete") disk.delete(s.path)
      else if (s._tag === "DeleteDir") {
        for (const k of [...disk.keys()].filter(under(s.path))) disk.delete(k)
        for (const d of [...dirs].filter(under(s.path))) dirs.delete(d)
        dirs.delete(s.path)
      } else if (s._tag === "DeleteEmptyDir") {
        if (![...disk.keys(), ...dirs].some(under(s.path))) dirs.delete(s.path)
      } else runs.push(s.argv)
    }
  }
  /** What runPlugin carries out: the installer's plan with the folders it creates and takes out. */
  const act = (id: PluginProvider, what: "install" | "remove") => {
    const plan = what === "install" ? installers[id].install(ctx, files) : installers[id].remove(ctx, files)
    apply(
      withFolders(
        ctx,
        id,
        what === "remove",
        Either.getOrThrowWith(plan, (l) => new Error(l)),
        files
      )
    )
  }
  const userFiles = () => new Map([...disk].filter(([k]) => !k.startsWith(ctx.scriptsSource)))
  return { disk, dirs, runs, files, act, userFiles }
}

const cases: ReadonlyArray<{ id: PluginProvider; seed: Record<string, string> }> = [
  { id: "omp", seed: { [`${HOME}/.omp/agent/mcp.json`]: fixture("omp-mcp.json") } },
  { id: "omp", seed: {} },
  { id: "crush", seed: { [`${HOME}/.config/crush/crushrc`]: fixture("crushrc") } },
  { id: "crush", seed: { [`${HOME}/.config/crush/crushrc`]: `${fixture("crushrc")}\n` } },
  { id: "crush", seed: {} },
  {
    id: "cursor",
    seed: { [`${HOME}/.cursor/mcp.json`]: fixture("cursor-mcp.json"), [`${HOME}/.cursor/hooks.json`]: fixture("cursor-hooks.json") }
  },
  { id: "cursor", seed: { [`${HOME}/.cursor/mcp.json`]: "{}" } },
  { id: "kiro", seed: { [`${HOME}/.kiro/agents/mine.json`]: '{"name":"mine"}\n' } },
  { id: "antigravity", seed: { [`${HOME}/.gemini/config/mcp_config.json`]: '{"mcpServers":{}}' } }
]

describe("the plugin installs", () => {
  for (const { id, seed } of cases) {
    const label =
      Object.keys(seed).length === 0
        ? "a machine with none of its files"
        : Object.keys(seed)
            .map((f) => path.basename(f))
            .join(", ")
    it(`${id}: installs, updates in place, and removes back to byte-identical (${label})`, () => {
      const m = machine(seed)
      const before = m.userFiles()
      const folders = new Set(m.dirs)
      expect(pluginState(ctx, id, m.files)).toMatchObject({ installed: false, version: "", current: false })
      m.act(id, "install")
      expect(pluginState(ctx, id, m.files)).toMatchObject({ installed: true, version: "0.19.0", current: true })
      const once = new Map(m.disk)
      m.act(id, "install")
      expect(m.disk).toEqual(once)
      m.act(id, "remove")
      expect(m.userFiles()).toEqual(before)
      // No folder lich created is left behind, and none that was there before is gone.
      expect(m.dirs).toEqual(folders)
      expect(pluginState(ctx, id, m.files).installed).toBe(false)
    })
  }

  it("takes out only the folders it created, and only once empty", () => {
    const m = machine({ [`${HOME}/.omp/agent/mcp.json`]: "{}\n" })
    m.act("omp", "install")
    expect(m.dirs.has(`${HOME}/.omp/agent/extensions`)).toBe(true)
    m.disk.set(`${HOME}/.omp/agent/extensions/theirs.js`, "export default () => {}\n")
    m.act("omp", "remove")
    expect(m.dirs.has(`${HOME}/.omp/agent/extensions`)).toBe(true)
    expect(m.disk.get(`${HOME}/.omp/agent/extensions/theirs.js`)).toBe("export default () => {}\n")
    // Another provider's install keeps lich's own folder; the last removal takes it out.
    m.act("kiro", "install")
    m.act("cursor", "install")
    m.act("kiro", "remove")
    expect(m.dirs.has(ctx.ownDir)).toBe(true)
    m.act("cursor", "remove")
    for (const gone of [ctx.ownDir, `${HOME}/.kiro`, `${HOME}/.cursor`]) expect(m.dirs.has(gone)).toBe(false)
    expect(m.dirs.has(path.dirname(ctx.ownDir))).toBe(true)
  })

  it("an install another lich release made is installed but not current, and an update makes it current", () => {
    const m = machine({ [`${HOME}/.omp/agent/mcp.json`]: fixture("omp-mcp.json") })
    m.act("omp", "install")
    const newer = { ...ctx, version: "0.20.0", lichBin: "/usr/bin/lich" }
    expect(pluginState(newer, "omp", m.files)).toMatchObject({ installed: true, version: "0.19.0", current: false })
    const plan = Either.getOrThrow(installers.omp.install(newer, m.files))
    for (const s of plan) if (s._tag === "Write") m.disk.set(s.path, s.text)
    expect(pluginState(newer, "omp", m.files)).toMatchObject({ installed: true, version: "0.20.0", current: true })
    expect(readMember(m.disk.get(`${HOME}/.omp/agent/mcp.json`), ["mcpServers"], "lich")).toEqual({
      type: "stdio",
      command: "/usr/bin/lich",
      args: ["mcp"]
    })
  })

  it("writes what each harness reads, where it reads it", () => {
    const m = machine({ [`${HOME}/.cursor/hooks.json`]: fixture("cursor-hooks.json") })
    for (const id of ["omp", "crush", "cursor", "kiro", "antigravity"] as const) m.act(id, "install")
    expect(m.disk.get(`${HOME}/.omp/agent/extensions/lich.js`)).toMatch(/^\/\/ lich-plugin v0\.19\.0 — written by lich/)
    const rc = m.disk.get(`${HOME}/.config/crush/crushrc`)!
    expect(rc).toContain("mcp add lich --type stdio --command '/opt/lich/bin/lich' --args mcp --timeout 10")
    expect(rc).toMatch(/^# >>> lich-plugin v0\.19\.0 >>>\n[\s\S]*# <<< lich-plugin <<<\n$/)
    expect(readMember(m.disk.get(`${HOME}/.cursor/hooks.json`), ["hooks"], "afterFileEdit")).toEqual([
      { command: "./hooks/format.sh" },
      { command: "'/home/u/.config/lich/plugin/hooks/cursor/report-touched.sh'" }
    ])
    const agent = JSON.parse(m.disk.get(kiroAgentPath(HOME))!) as { mcpServers: unknown; hooks: Record<string, unknown> }
    expect(agent.mcpServers).toEqual({ lich: { command: "/opt/lich/bin/lich", args: ["mcp"] } })
    expect(Object.keys(agent.hooks)).toEqual(["agentSpawn", "userPromptSubmit", "preToolUse", "postToolUse", "stop"])
    expect(m.runs).toContainEqual(["agy", "mcp", "add", "lich", "/opt/lich/bin/lich", "mcp"])
    expect(m.disk.get(`${HOME}/.gemini/config/plugins/lich/hooks/report-state.sh`)).toBe("# report-state.sh\n")
  })

  const refusals: ReadonlyArray<{ id: PluginProvider; file: string; text: string; says: RegExp }> = [
    {
      id: "omp",
      file: `${HOME}/.omp/agent/mcp.json`,
      text: '{"mcpServers": {',
      says: /mcp\.json is not valid JSON \(.+\), so lich left it as it is$/
    },
    { id: "omp", file: `${HOME}/.omp/agent/extensions/lich.js`, text: "export default () => {}\n", says: /lich\.js is not lich's/ },
    {
      id: "cursor",
      file: `${HOME}/.cursor/hooks.json`,
      text: '{"hooks": {"sessionStart": {}}}',
      says: /"hooks\.sessionStart" is not a list/
    },
    { id: "cursor", file: `${HOME}/.cursor/mcp.json`, text: "[]", says: /does not hold a JSON object/ },
    { id: "kiro", file: kiroAgentPath(HOME), text: '{"name":"lich"}', says: /an agent lich did not write/ },
    {
      id: "crush",
      file: `${HOME}/.config/crush/crushrc`,
      text: "# >>> lich-plugin v0.18.0 >>>\nhook add PreToolUse --name mine --command 'x'\n",
      says: /crushrc holds 1 opening and 0 closing lines of lich's block, so lich left it as it is$/
    },
    {
      id: "antigravity",
      file: `${HOME}/.gemini/config/plugins/lich/plugin.json`,
      text: '{"name":"theirs"}',
      says: /a plugin lich did not write/
    }
  ]
  for (const r of refusals) {
    it(`${r.id}: refuses ${path.basename(r.file)} holding ${JSON.stringify(r.text)}, in one line and with nothing to write`, () => {
      const m = machine({ [r.file]: r.text })
      const plan = installers[r.id].install(ctx, m.files)
      expect(Either.isLeft(plan)).toBe(true)
      const line = Either.isLeft(plan) ? plan.left : ""
      expect(line).toMatch(r.says)
      expect(line).not.toContain("\n")
    })
  }

  it("crush: refuses to remove from a crushrc whose block lost its closing line, keeping the user's lines", () => {
    const m = machine({ [`${HOME}/.config/crush/crushrc`]: fixture("crushrc") })
    m.act("crush", "install")
    const rc = `${HOME}/.config/crush/crushrc`
    m.disk.set(rc, m.disk.get(rc)!.replace("# <<< lich-plugin <<<\n", "alias mine='x'\n"))
    const plan = installers.crush.remove(ctx, m.files)
    expect(Either.isLeft(plan) && plan.left).toMatch(/holds 1 opening and 0 closing lines of lich's block/)
  })

  it("crush: asks for 0.88.0 or later, which reads the hooks lich writes", () => {
    expect(Either.isRight(crushVersionOk("crush version v0.88.2\n"))).toBe(true)
    expect(crushVersionOk("crush version v0.87.9")).toEqual(
      Either.left("Crush 0.87.9 ignores the hooks lich installs; update it to 0.88.0 or later first")
    )
    expect(Either.isLeft(crushVersionOk("crush (devel)"))).toBe(true)
  })

  it("refuses when lich's own scripts are missing, before writing anything", () => {
    const m = machine({})
    m.disk.delete(path.join(ctx.scriptsSource, "post.sh"))
    const plan = installers.crush.install(ctx, m.files)
    expect(Either.isLeft(plan) && plan.left).toMatch(/report scripts are missing from \/opt\/lich\/hooks\/hooks \(no post\.sh\)/)
  })
})
