/**
 * What Settings › Providers adds to a spawn: the default model and effort for a session opened
 * without one, ultracode for every Claude Code session, and Claude's subagents kept native
 * (LICH_SUBAGENT_CARDS=off). A project's value beats the global one; what the open asked for beats both.
 */
import { type ProviderId, provider } from "@lich/providers"
import type { SessionRow, SettingsShape } from "@lich/store"
import { Effect, Option } from "effect"
import { effortKey, modelKey, SUBAGENTS_KEY, ULTRACODE_KEY } from "./settingKeys.js"

/** 2: a worker one level down still opens cards of its own; one two levels down keeps them native. */
export const SUBAGENT_CARD_DEPTH_LIMIT = 2

export interface SpawnDefaults {
  readonly model: string
  readonly effort: string
  readonly ultracode: boolean
  readonly env: Readonly<Record<string, string>>
}

export const spawnDefaults = (settings: SettingsShape, kind: ProviderId, projectId: string, row: SessionRow) =>
  Effect.gen(function* () {
    const value = (key: string) => Effect.map(settings.get(key, projectId), (v) => Option.getOrElse(v, () => "").trim())
    const p = provider(kind)
    const model = row.model !== "" || p.modelFlag === undefined ? row.model : yield* value(modelKey(kind))
    const effort = row.effort !== "" || p.effort === undefined ? row.effort : yield* value(effortKey(kind))
    const claude = kind === "claude"
    const ultracode = row.ultracode || (claude && (yield* value(ULTRACODE_KEY)) === "on")
    // Every Claude Code start says how many --subagent levels down it runs (a resume included); at
    // lich's limit its own subagents stay native, so cards never open from cards from cards.
    const cardsOff = claude && ((yield* value(SUBAGENTS_KEY)) === "off" || row.subagentDepth >= SUBAGENT_CARD_DEPTH_LIMIT)
    const env: Record<string, string> = claude
      ? { LICH_SUBAGENT_DEPTH: String(row.subagentDepth), ...(cardsOff ? { LICH_SUBAGENT_CARDS: "off" } : {}) }
      : {}
    return { model, effort, ultracode, env } satisfies SpawnDefaults
  })
