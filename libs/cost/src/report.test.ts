import type { CostedSession, LedgerRow } from "@lich/store"
import { describe, expect, it } from "vitest"
import { type CostFilter, costReport } from "./report.js"

const NOW = Date.UTC(2026, 11, 1)
const HOUR = 3_600_000
const row = (transcriptId: string, costUsd: number, over: Partial<LedgerRow> = {}): LedgerRow => ({
  sessionId: "",
  transcriptId,
  source: transcriptId.startsWith("reported:") ? "reported" : "priced",
  byteOffset: 0,
  cursor: "",
  costUsd,
  stuck: false,
  activityAt: NOW - HOUR,
  ...over
})
const session = (
  id: string,
  project: string,
  kind: string,
  rows: ReadonlyArray<LedgerRow>,
  over: Partial<CostedSession> = {}
): CostedSession => ({
  id,
  projectId: project,
  project,
  projectPath: `/code/${project}`,
  dir: `/code/${project}`,
  kind,
  isOpen: true,
  parkedAt: 0,
  providerSessionId: id,
  rows,
  ...over
})

/** The contract's example shape: lich mixed with an unpriced shell, revu priced. */
const machine: ReadonlyArray<CostedSession> = [
  session("a", "lich", "claude", [row("a", 1.5)]),
  session("b", "lich", "opencode", [row("reported:b1", 2)]),
  session("c", "lich", "shell", []),
  session("d", "revu", "codex", [row("d", 0.25)]),
  session("e", "lich", "claude", [row("e", 0, { stuck: true, activityAt: 0 })], { isOpen: false, parkedAt: NOW - 30 * 24 * HOUR })
]
const all: CostFilter = { project: "", provider: "", sinceMs: 0, now: NOW }
const report = (f: Partial<CostFilter> = {}, sessions = machine, readout = true) => {
  const r = costReport(sessions, { ...all, ...f }, readout)
  if (r._tag !== "report") throw new Error("refused")
  return r.report
}

describe("the cost report", () => {
  it("sums per project and in total, with mixed rungs split between the two counts", () => {
    const r = report()
    expect(r.projects.map((p) => [p.project, p.sessions, p.unpriced, p.source, p.costUsd])).toEqual([
      ["lich", 4, 2, "mixed", 3.5],
      ["revu", 1, 0, "priced", 0.25]
    ])
    expect([r.sessions, r.unpriced, r.source, r.priced, r.reported, r.readout]).toEqual([5, 2, "mixed", 2, 1, true])
    expect(r.costUsd).toBeCloseTo(3.75, 12)
  })

  it("counts a stuck transcript's known spend but calls its session unpriced", () => {
    const r = report({}, [session("e", "lich", "claude", [row("e", 0.1, { stuck: true })])])
    expect([r.unpriced, r.costUsd, r.source]).toEqual([1, 0.1, ""])
  })

  it("lets a provider's own figure replace lich's pricing of the same conversation, subagents included", () => {
    const s = session("a", "lich", "claude", [row("conv", 1), row("conv/agent-1.jsonl", 0.5), row("reported:conv", 1.7), row("older", 0.2)])
    const r = report({}, [s])
    expect(r.costUsd).toBeCloseTo(1.9, 12)
    expect([r.source, r.priced, r.reported]).toEqual(["mixed", 1, 0])
  })

  it("gives a row with no money to attribute no rung", () => {
    const r = report({ project: "LICH", provider: "shell" })
    expect(r.projects.map((p) => [p.project, p.sessions, p.unpriced, p.source])).toEqual([["lich", 1, 1, ""]])
  })

  it("matches --project case-insensitively and refuses a name no session sits under", () => {
    expect(report({ project: "Revu" }).sessions).toBe(1)
    expect(report({ project: "/code/revu" }).sessions).toBe(1)
    expect(costReport(machine, { ...all, project: "revuu" }, true)).toEqual({ _tag: "unknown-project" })
  })

  it("treats an unknown provider as matching nothing", () => {
    expect(report({ provider: "nosuch" })).toMatchObject({ sessions: 0, unpriced: 0, costUsd: 0, projects: [] })
  })

  it("keeps --since whole sessions by their last counted turn, parked ones by when they were parked", () => {
    const r = report({ sinceMs: 24 * HOUR })
    // e counted no turn and was parked a month ago; c has no turn and is open, so it is dated now
    expect(r.sessions).toBe(4)
    const old = session("f", "revu", "codex", [row("f", 9, { activityAt: NOW - 48 * HOUR })])
    expect(report({ sinceMs: 24 * HOUR }, [old]).sessions).toBe(0)
    expect(report({ sinceMs: 72 * HOUR }, [old]).costUsd).toBe(9)
  })

  it("sums nothing with the readout off: every session unpriced, $0.00", () => {
    const r = report({}, machine, false)
    expect([r.sessions, r.unpriced, r.costUsd, r.source, r.priced, r.reported, r.readout]).toEqual([5, 5, 0, "", 0, 0, false])
  })
})
