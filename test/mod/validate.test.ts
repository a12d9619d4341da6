/**
 * The plugin tree passes Claude Code's own offline check, `claude plugin validate`, run by the
 * pinned real binary on a copy of hooks/ (validate reads the module the way the engine will load
 * it: every `$` call literal, every hook a known event). The copy keeps Claude Code from writing
 * anything into the repository, and a throwaway HOME with no API to reach keeps it offline.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CLAUDE, ensureCli } from "../e2e/providers.js"

const root = path.resolve(__dirname, "..", "..")

interface Report {
  readonly success: boolean
  readonly manifest: { readonly errors: ReadonlyArray<unknown> }
  readonly contents: ReadonlyArray<{
    readonly file: string
    readonly errors: ReadonlyArray<unknown>
    readonly modules: ReadonlyArray<{
      readonly module: string
      readonly uses: { readonly calls: ReadonlyArray<string>; readonly env: { readonly reads: ReadonlyArray<string>; readonly writes: ReadonlyArray<string> } }
      readonly hooks: ReadonlyArray<{ readonly pattern: string; readonly matcher: unknown; readonly isGate: boolean; readonly hasCatch: boolean }>
    }> | null
  }>
}

let bin: string
let scratch: string
let report: Report

beforeAll(() => {
  // Installs the pinned CLI from npm when the cache lacks it (~380 MB, a few minutes the first time).
  bin = ensureCli(CLAUDE)
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lich-validate-"))
  const home = path.join(scratch, "home")
  fs.mkdirSync(home)
  fs.writeFileSync(path.join(home, ".claude.json"), JSON.stringify({ hasCompletedOnboarding: true }))
  const copy = path.join(scratch, "plugin")
  fs.cpSync(path.join(root, "hooks"), copy, { recursive: true })
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    TMPDIR: scratch,
    CLAUDE_CODE_TMPDIR: scratch,
    XDG_RUNTIME_DIR: scratch,
    // Nothing to reach: a port nobody listens on, and every optional call home off.
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
    ANTHROPIC_AUTH_TOKEN: "offline",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1"
  }
  // Exit 0 is part of the verdict: execFileSync throws on any other.
  report = JSON.parse(execFileSync(bin, ["plugin", "validate", "--json", copy], { env, encoding: "utf8", timeout: 60_000 })) as Report
}, 15 * 60_000)

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true })
})

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
      "ui.render"
    ])
    expect([...mod!.uses.calls].sort()).toEqual(
      ["clock.after", "command.run", "env.get", "http.fetch", "model.fork", "prompt.submit", "session.id", "turn.abort", "ui.invalidate"].sort()
    )
    expect([...mod!.uses.env.reads].sort()).toEqual(["LICH_PORT", "LICH_SESSION_ID", "LICH_SUBAGENT_CARDS", "LICH_TOKEN"])
    expect(mod!.uses.env.writes).toEqual([])
    // Every hook that can hold up Claude Code (a gate) says how it fails.
    expect(mod!.hooks.filter((h) => h.isGate).every((h) => h.hasCatch)).toBe(true)
  })
})
