import { describe, expect, it } from "vitest"
import { briefingText, spawnArgs } from "./index.js"

describe("the spawn briefing", () => {
  it.each([true, false])("with tools %s tells the agent it runs inside lich", (hasTools) => {
    expect(briefingText(hasTools)).toContain("inside lich")
  })

  it.each([true, false])("with tools %s sends fan-out work to lich sessions rather than subagents", (hasTools) => {
    const text = briefingText(hasTools)
    expect(text).toContain("lich session")
    expect(text).toContain("subagent")
  })

  it("points an agent with tools at its tool list and not at the command", () => {
    expect(briefingText(true)).toContain("lich tools in your tool list")
    expect(briefingText(true)).not.toContain("$LICH_BIN")
  })

  it("shows an agent without tools the command, in capitals and single quotes", () => {
    expect(briefingText(false)).toContain(`"$LICH_BIN" open --worktree BRANCH --prompt 'the task'`)
    expect(briefingText(false)).not.toContain("tool list")
  })

  it.each([true, false])("with tools %s is one paragraph ending in a single newline", (hasTools) => {
    const text = briefingText(hasTools)
    expect(text.endsWith("\n")).toBe(true)
    expect(text.slice(0, -1)).not.toMatch(/[\r\n]/)
  })

  it.each([true, false])("with tools %s names no token", (hasTools) => {
    expect(briefingText(hasTools).toLowerCase()).not.toContain("token")
  })

  it.each([true, false])("with tools %s is never dropped as a flag-like value", (hasTools) => {
    const briefing = briefingText(hasTools)
    for (const kind of ["claude", "omp"] as const) {
      const args = spawnArgs({ kind, binary: kind, rosterName: "", birth: true, mcp: false, briefing })
      expect(args.slice(-2), kind).toEqual(["--append-system-prompt", briefing])
    }
  })
})
