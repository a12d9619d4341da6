import { SessionId } from "@lich/contract"
import { Option } from "effect"
import { describe, expect, it } from "vitest"
import type { ReportedState, SessionStateReport } from "./parse.js"
import { noTurn, stepTurn, type Turn } from "./TurnLog.js"

const report = (state: ReportedState, more: Partial<SessionStateReport> = {}): SessionStateReport => ({
  id: SessionId.make("s1"),
  state,
  tool: "",
  detail: "",
  reason: "",
  ...more
})

/** Feeds reports in order; answers what each published (undefined when swallowed) and the last turn. */
const replay = (reports: ReadonlyArray<SessionStateReport>, from: Turn = noTurn) => {
  let turn = from
  const published = reports.map((r) => {
    const step = stepTurn(turn, r)
    turn = step.turn
    return Option.getOrUndefined(step.published)
  })
  return { published, turn }
}

describe("the turn log", () => {
  it("opens a turn on busy and closes it on done", () => {
    const { published, turn } = replay([report("busy"), report("done")])
    expect(published.map((p) => p?.state)).toEqual(["busy", "done"])
    expect(turn).toEqual(noTurn)
  })

  it("swallows waiting when no turn is open: the idle-prompt notification", () => {
    const { published, turn } = replay([report("waiting", { reason: "Claude is waiting for your input" })])
    expect(published).toEqual([undefined])
    expect(turn.open).toBe(false)
  })

  it("swallows waiting after a turn ended with done", () => {
    expect(replay([report("busy"), report("done"), report("waiting")]).published[2]).toBeUndefined()
  })

  it("swallows waiting after idle", () => {
    expect(replay([report("busy"), report("idle"), report("waiting")]).published[2]).toBeUndefined()
  })

  it("publishes waiting inside a turn with its reason, and the turn stays open", () => {
    const { published, turn } = replay([report("busy"), report("waiting", { reason: "needs permission" })])
    expect(published[1]).toMatchObject({ state: "waiting", reason: "needs permission" })
    expect(turn.open).toBe(true)
  })

  it("publishes a second waiting in the same turn: waiting never closes it", () => {
    const { published } = replay([report("busy"), report("waiting"), report("waiting")])
    expect(published.map((p) => p?.state)).toEqual(["busy", "waiting", "waiting"])
  })

  it("holds the tool while the state stays busy, for a busy report that names none", () => {
    const { published } = replay([report("busy", { tool: "Bash", detail: "npm test" }), report("busy")])
    expect(published[1]).toMatchObject({ state: "busy", tool: "Bash", detail: "npm test" })
  })

  it("replaces the held tool with the next one named", () => {
    const { published } = replay([
      report("busy", { tool: "Bash", detail: "ls" }),
      report("busy", { tool: "Edit", detail: "a.ts" }),
      report("busy")
    ])
    expect(published[2]).toMatchObject({ tool: "Edit", detail: "a.ts" })
  })

  it("lets go of the tool once the state leaves busy", () => {
    const { published } = replay([report("busy", { tool: "Bash", detail: "ls" }), report("done"), report("busy")])
    expect(published[1]).toMatchObject({ state: "done", tool: "", detail: "" })
    expect(published[2]).toMatchObject({ state: "busy", tool: "", detail: "" })
  })

  it("does not carry the held tool into a waiting report, which names its own", () => {
    const { published } = replay([report("busy", { tool: "Bash", detail: "ls" }), report("waiting", { tool: "Write" }), report("busy")])
    expect(published[1]).toMatchObject({ state: "waiting", tool: "Write" })
    expect(published[2]).toMatchObject({ state: "busy", tool: "" })
  })

  it("treats compacting as inside a turn, so a permission prompt during it is published", () => {
    const { published } = replay([report("compacting"), report("waiting")])
    expect(published.map((p) => p?.state)).toEqual(["compacting", "waiting"])
  })

  it("closes a manual compaction with done and resumes an automatic one with busy", () => {
    expect(replay([report("compacting"), report("done")]).turn.open).toBe(false)
    expect(replay([report("busy"), report("compacting"), report("busy")]).turn.open).toBe(true)
  })

  it("publishes done and idle even without an open turn: a session may start at its prompt", () => {
    const { published } = replay([report("done"), report("idle")])
    expect(published.map((p) => p?.state)).toEqual(["done", "idle"])
  })
})
