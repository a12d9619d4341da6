/**
 * `lich cost` through the bundled CLI against a real backend whose sessions' transcripts are the
 * real ones Claude Code and Codex wrote (test/fixtures/transcripts), laid where those CLIs keep them.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, post, root, startBackend } from "./harness.js"

const fixtures = path.join(root, "test", "fixtures", "transcripts")
const CLAUDE = "11111111-2222-4333-8444-555555555555"
const CODEX = "01a23133-355f-7841-87a5-17794a470904"
// Worked by hand in libs/cost/src/readers.test.ts from the catalogue's rates.
const CLAUDE_USD = 0.076944
const CODEX_USD = 0.03234

let b: Backend
beforeAll(async () => {
  b = await startBackend()
  const home = b.env.HOME!
  fs.cpSync(path.join(fixtures, "claude"), path.join(home, ".claude"), { recursive: true })
  fs.cpSync(path.join(fixtures, "codex"), path.join(home, ".codex"), { recursive: true })
  const project = b.project("Shop")
  const open = async (kind: string) => {
    const r = await b.lich(["open", "--project", project, "--kind", kind, "--json"])
    expect(r.stderr).toBe("")
    return (JSON.parse(r.stdout) as { id: string }).id
  }
  const claude = await open("claude")
  const codex = await open("codex")
  await open("shell")
  // What each provider's session-start hook reports: its own conversation id.
  expect((await post(b, "/session-start", { session_id: claude, provider: "claude", provider_session_id: CLAUDE })).status).toBe(204)
  expect((await post(b, "/session-start", { session_id: codex, provider: "codex", provider_session_id: CODEX })).status).toBe(204)
}, 60_000)
afterAll(() => b?.stop())

describe("lich cost on real transcripts", () => {
  it("prices both providers' transcripts and counts the shell as unpriced", async () => {
    const r = await b.lich(["cost"])
    expect(r.stdout.split("\n")).toEqual([
      "project\tsessions\tunpriced\tsource\tcost",
      "Shop\t3\t1\tpriced\t$0.11",
      "total\t3\t1\tpriced\t$0.11",
      "Lower bound: 1 unpriced of 3 sessions — their spend is not in this total.",
      ""
    ])
    expect(r.code).toBe(0)
  })

  it("answers --json with the whole report on one line", async () => {
    const r = await b.lich(["cost", "--json"])
    const j = JSON.parse(r.stdout) as Record<string, unknown>
    expect(Object.keys(j).sort()).toEqual(["costUsd", "priced", "projects", "readout", "reported", "sessions", "source", "unpriced"])
    expect(j.costUsd as number).toBeCloseTo(CLAUDE_USD + CODEX_USD, 9)
    expect([j.sessions, j.unpriced, j.source, j.priced, j.reported, j.readout]).toEqual([3, 1, "priced", 2, 0, true])
    expect(r.stdout.trim().split("\n")).toHaveLength(1)
  })

  it("filters by provider and by a case-insensitive project, and refuses an unknown one", async () => {
    const codex = JSON.parse((await b.lich(["cost", "--provider", "codex", "--project", "shop", "--json"])).stdout) as {
      costUsd: number
      sessions: number
    }
    expect(codex.sessions).toBe(1)
    expect(codex.costUsd).toBeCloseTo(CODEX_USD, 9)
    const none = await b.lich(["cost", "--provider", "nosuch", "--csv"])
    expect(none).toMatchObject({ code: 0, stdout: "project,sessions,unpriced,source,cost_usd\n" })
    const typo = await b.lich(["cost", "--project", "shpo"])
    expect(typo.code).toBe(1)
    expect(typo.stderr).toBe(
      'lich: no session lich remembers sits under a project named "shpo" — a typo here would read as "it cost nothing"\n'
    )
  })

  it("writes CSV rows with six decimals and no total", async () => {
    const r = await b.lich(["cost", "--csv"])
    expect(r.stdout).toBe(`project,sessions,unpriced,source,cost_usd\nShop,3,1,priced,${(CLAUDE_USD + CODEX_USD).toFixed(6)}\n`)
  })

  it("keeps --since to sessions active in the window, by their last counted turn", async () => {
    const since = async (w: string) =>
      (JSON.parse((await b.lich(["cost", "--since", w, "--json"])).stdout) as { sessions: number }).sessions
    // the transcripts' turns are from when they were captured; the shell has nothing counted and is
    // open, so it is dated now and is in every window
    expect(await since("1m")).toBe(1)
    expect(await since("999999d")).toBe(3)
    const bad = await b.lich(["cost", "--since", "a week"])
    expect(bad).toMatchObject({ code: 1, stderr: 'lich: --since takes a window such as 7d, 24h or 90m, not "a week"\n' })
  })
})
