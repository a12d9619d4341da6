/**
 * The plugin tree passes Claude Code's own offline check, `claude plugin validate`, run by the
 * pinned real binary on a copy of hooks/ (validate reads the module the way the engine will load
 * it: every `$` call literal, every hook a known event). The copy keeps Claude Code from writing
 * anything into the repository, and a throwaway HOME with no API to reach keeps it offline.
 */
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Offline, offlineClaude } from "./claudeOffline.js"

interface Report {
  readonly success: boolean
  readonly manifest: { readonly errors: ReadonlyArray<unknown> }
  readonly contents: ReadonlyArray<{
    readonly file: string
    readonly errors: ReadonlyArray<unknown>
    readonly modules: ReadonlyArray<{
      readonly module: string
      readonly uses: {
        readonly calls: ReadonlyArray<string>
        readonly env: { readonly reads: ReadonlyArray<string>; readonly writes: ReadonlyArray<string> }
      }
      readonly hooks: ReadonlyArray<{
        readonly pattern: string
        readonly matcher: unknown
        readonly isGate: boolean
        readonly hasCatch: boolean
      }>
    }> | null
  }>
}

let claude: Offline
let report: Report

beforeAll(async () => {
  claude = offlineClaude()
  const validated = await claude.run(["plugin", "validate", "--json", claude.plugin])
  // Exit 0 is part of the verdict.
  expect(validated.code, validated.stdout + validated.stderr).toBe(0)
  report = JSON.parse(validated.stdout) as Report
}, 15 * 60_000)

afterAll(() => claude?.dispose())

describe("claude plugin validate", () => {
  it("passes the tree, manifest and hooks file alike", () => {
    expect(report.success).toBe(true)
    expect(report.manifest.errors).toEqual([])
    expect(report.contents.map((c) => path.basename(c.file))).toEqual(["hooks.json"])
    expect(report.contents[0]!.errors).toEqual([])
  })

  it("reads the module's hooks and the $ calls it makes", () => {
    const [mod] = report.contents[0]!.modules ?? []
    expect(mod?.module).toBe("./lich.js")
    expect(mod!.hooks.map((h) => h.pattern)).toEqual([
      "session.start",
      "turn.start",
      "turn.complete",
      "classic.Stop",
      "turn.step",
      "session.measure",
      "session.compact",
      "session.compact",
      "ui.render",
      "tool.call",
      "agent.spawn",
      "tool.call"
    ])
    expect(mod!.hooks.filter((h) => h.pattern === "tool.call").map((h) => h.matcher)).toEqual([
      { has: { tool: { is: "Agent" } } },
      { has: { tool: { is: "TaskStop" } } }
    ])
    expect([...mod!.uses.calls].sort()).toEqual(
      [
        "clock.after",
        "clock.now",
        "command.run",
        "env.get",
        "http.fetch",
        "model.fork",
        "process.run",
        "prompt.submit",
        "session.id",
        "turn.abort",
        "ui.invalidate",
        "ui.toast"
      ].sort()
    )
    expect([...mod!.uses.env.reads].sort()).toEqual([
      "LICH_BIN",
      "LICH_PORT",
      "LICH_PROMPT_LANG",
      "LICH_SESSION_ID",
      "LICH_SUBAGENT_CARDS",
      "LICH_SUBAGENT_DEPTH",
      "LICH_TOKEN"
    ])
    expect(mod!.uses.env.writes).toEqual([])
    // Every hook that can hold up Claude Code (a gate) says how it fails.
    expect(mod!.hooks.filter((h) => h.isGate).every((h) => h.hasCatch)).toBe(true)
  })
})
