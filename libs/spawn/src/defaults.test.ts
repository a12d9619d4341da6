import type { SessionRow, SettingsShape } from "@lich/store"
import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"
import { spawnDefaults } from "./defaults.js"

const settingsOf = (values: Record<string, string>): SettingsShape => ({
  get: (key) => Effect.succeed(Option.fromNullable(values[key])),
  set: () => Effect.void,
  remove: () => Effect.succeed(false)
})
const row = (over: Partial<SessionRow> = {}) => ({ model: "", effort: "", ultracode: false, ...over }) as SessionRow
const run = (values: Record<string, string>, kind: "claude" | "codex" | "crush", r = row()) =>
  Effect.runPromise(spawnDefaults(settingsOf(values), kind, "p1", r))

describe("what Settings › Providers adds to a spawn", () => {
  it("fills the model and effort a session was opened without, and leaves the asked-for ones", async () => {
    expect(await run({ "provider.claude.model": "opus", "provider.claude.effort": "high" }, "claude")).toMatchObject({
      model: "opus",
      effort: "high"
    })
    expect(await run({ "provider.claude.model": "opus" }, "claude", row({ model: "haiku" }))).toMatchObject({ model: "haiku" })
  })

  it("passes nothing a provider has no flag for", async () => {
    expect(await run({ "provider.crush.model": "x", "provider.crush.effort": "high" }, "crush")).toMatchObject({ model: "", effort: "" })
  })

  it("turns ultracode on for every Claude Code session and keeps subagents native when switched off", async () => {
    expect(await run({ "provider.claude.ultracode": "on", "provider.claude.subagents": "off" }, "claude")).toMatchObject({
      ultracode: true,
      env: { LICH_SUBAGENT_CARDS: "off" }
    })
    expect(await run({ "provider.claude.ultracode": "on", "provider.claude.subagents": "off" }, "codex")).toMatchObject({
      ultracode: false,
      env: {}
    })
    expect(await run({}, "claude")).toMatchObject({ ultracode: false, env: {} })
  })
})
