// What `lich open` refuses before anything is opened: an option the chosen kind has nowhere to receive.
// Refusing beats dropping, because a dropped --model is a session quietly running on the default while
// the caller believes otherwise. Each message is one line, says why this kind cannot take it, and lists
// the kinds that can — read off the same table the spawn uses, so the two cannot disagree.

import { idsWhere, type ProviderId, provider } from "./Provider.js"

export interface OpenOptions {
  readonly model?: string
  readonly effort?: string
  readonly ultracode?: boolean
}

/** An option counts as given when it carries something; an empty value would be dropped at spawn anyway. */
const given = (value: string | undefined): boolean => value !== undefined && value.trim() !== ""

const acceptsModel = idsWhere((p) => p.modelFlag !== undefined)
const acceptsEffort = idsWhere((p) => p.effort !== undefined)
const acceptsUltracode = idsWhere((p) => p.ultracodeArgs !== undefined)

const accepted = (option: string, ids: ReadonlyArray<ProviderId>): string =>
  ids.length === 1 ? `${option} is accepted for ${ids[0]} only.` : `${option} is accepted for ${ids.join(", ")}.`

/** A shell runs no agent, so every one of these options has the same reason to be refused there. */
const shellReason = "a shell session runs no agent"

const modelReason = (id: ProviderId): string => {
  if (id === "shell") return shellReason
  if (id === "crush")
    return "Crush takes a model only on its non-interactive run subcommand, so the TUI lich spawns would start on its default"
  return `${provider(id).name} has no model flag lich can pass`
}

const effortReason = (id: ProviderId): string => {
  if (id === "shell") return shellReason
  if (id === "cursor") return "Cursor CLI reads the effort from the model id, so name a model that carries it and pass that as --model"
  return `the ${provider(id).name} TUI lich spawns has no effort flag`
}

const refusal = (option: string, id: ProviderId, reason: string, ids: ReadonlyArray<ProviderId>): string =>
  `${option} is refused for ${id}: ${reason}. ${accepted(option, ids)}`

/** undefined when the kind takes every option given; otherwise the first refusal, model before effort before ultracode. */
export const refuseOpenOptions = (id: ProviderId, o: OpenOptions): string | undefined => {
  const p = provider(id)
  if (given(o.model) && p.modelFlag === undefined) return refusal("--model", id, modelReason(id), acceptsModel)
  if (given(o.effort) && p.effort === undefined) return refusal("--effort", id, effortReason(id), acceptsEffort)
  if (o.ultracode === true && p.ultracodeArgs === undefined) {
    const reason = id === "shell" ? shellReason : "ultracode is Claude Code's alone"
    return refusal("--ultracode", id, reason, acceptsUltracode)
  }
  return undefined
}
