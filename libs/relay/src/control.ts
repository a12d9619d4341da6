/**
 * `lich control` and `lich ask`: driving a running Claude Code session from outside its terminal,
 * through the lich-plugin mod polling inside it. Nothing is typed: the command is queued on the
 * session's mod channel and the mod's acknowledgement is the confirmation.
 *
 * It refuses, before anything is queued, every session that could not carry the command: the caller
 * itself, a session of another CLI, a Claude Code session whose mod is not polling (with what to
 * fix), a slash command that would change the user's defaults (/model, /effort), and a mod too old
 * for slash commands. A command no poll took in time is withdrawn, so "failed" means nothing ran.
 */
import {
  type AskPayload,
  AskResult,
  type ControlAction,
  type ControlPayload,
  ControlResult,
  effortLevels,
  Failed,
  Refused
} from "@lich/contract"
import { type AckOutcome, atLeast, type ModChannel, type ModCommandInput, type Sent } from "@lich/mod"
import { isProviderId, provider } from "@lich/providers"
import type { Card, Workspace } from "@lich/spawn"
import type { Terminals } from "@lich/terminal"
import { Deferred, Duration, Effect, Either, Option } from "effect"
import { capModAnswer, cleanPrompt, cleanQuestion, stripControls } from "./sanitize.js"
import { findLive, liveCards } from "./targets.js"

/** 10 s: a mod acknowledges a prompt when its turn starts and everything else at once. */
export const CONTROL_WAIT_MS = 10_000
/** 60 s: a slash command runs only once the session is idle. */
export const COMMAND_WAIT_MS = 60_000
/** 90 s: a side question is a full model request on the asked session's account. */
export const ASK_WAIT_MS = 90_000
/** 0.15.0: the first mod release that runs slash commands (older ones take everything else). */
export const COMMAND_PLUGIN_FLOOR = "0.15.0"

export interface ControlDeps {
  readonly ws: Workspace["Type"]
  readonly terminals: Terminals["Type"]
  readonly channel: ModChannel["Type"]
  /** Whether the session's mod polls, waiting out the first-poll grace for a session just started. */
  readonly modPolls: (id: string) => Effect.Effect<boolean>
}

/** Why a slash command is run some other way, keyed by its name. */
const REFUSED_COMMANDS: Readonly<Record<string, string>> = {
  model:
    "run this way, Claude Code saves /model as your default for every new session — use lich control <session> model <name>, which changes that session only",
  effort:
    "run this way, Claude Code saves /effort as your default for every new session — use lich control <session> effort <level>, which changes that session only"
}

/** The target, if it is another live Claude Code session whose mod polls. */
const resolve = (d: ControlDeps, from: string, name: string, project: string, verb: string) =>
  Effect.gen(function* () {
    const cards = yield* liveCards(d.ws, d.terminals)
    const t = yield* findLive(cards, name, project)
    if (t.id === from) return yield* new Refused({ message: `"${t.label}" is this session, and a session cannot ${verb} itself` })
    if (t.row.kind !== "claude") {
      const name = isProviderId(t.row.kind) ? provider(t.row.kind).name : t.row.kind
      return yield* new Refused({
        message: `"${t.label}" runs ${name}, which has nothing inside it lich could hand a command to: only a Claude Code session with lich's plugin mod polling takes these`
      })
    }
    if (!(yield* d.modPolls(t.id))) {
      return yield* new Refused({
        message: `"${t.label}" cannot take commands: lich's plugin mod is not polling in it. It needs Claude Code 2.1.280 or later in a folder Claude Code trusts — if its card asks whether to trust the folder, answer that first`
      })
    }
    return t
  })

const awaitOutcome = (sent: Sent, ms: number) => Deferred.await(sent.outcome).pipe(Effect.timeoutOption(Duration.millis(ms)))

const modelCommand = (value: string): Effect.Effect<ModCommandInput, Refused> => {
  const model = stripControls(value).trim()
  if (model.startsWith("-")) return Effect.fail(new Refused({ message: `"${model}" is not a model name` }))
  return Effect.succeed(model === "" ? { kind: "model" } : { kind: "model", model })
}

const effortCommand = (value: string): Effect.Effect<ModCommandInput, Refused> => {
  const effort = value.trim().toLowerCase()
  if (effort !== "" && !effortLevels.includes(effort)) {
    return Effect.fail(
      new Refused({
        message: `unknown effort "${stripControls(value).slice(0, 40)}" — one of ${effortLevels.join(", ")}, or none for the session's own`
      })
    )
  }
  return Effect.succeed(effort === "" ? { kind: "effort" } : { kind: "effort", effort })
}

const slashCommand = (value: string, args: string): Effect.Effect<ModCommandInput, Refused> => {
  const name = value.trim().replace(/^\//, "")
  if (!/^[A-Za-z0-9][A-Za-z0-9:._-]{0,63}$/.test(name)) {
    return Effect.fail(
      new Refused({ message: "name the slash command to run, with or without its slash (lich control <session> command compact)" })
    )
  }
  const why = REFUSED_COMMANDS[name.toLowerCase()]
  if (why !== undefined) return Effect.fail(new Refused({ message: `/${name} is refused: ${why}` }))
  const rest = stripControls(args).trim()
  return Effect.succeed(rest === "" ? { kind: "command", name } : { kind: "command", name, args: rest })
}

const commandFor = (action: ControlAction, value: string, args: string): Effect.Effect<ModCommandInput, Refused> => {
  switch (action) {
    case "prompt":
      return Either.match(cleanPrompt(value), { onLeft: Effect.fail, onRight: (text) => Effect.succeed({ kind: "prompt", text }) })
    case "abort":
      return Effect.succeed({ kind: "abort" })
    case "model":
      return modelCommand(value)
    case "effort":
      return effortCommand(value)
    case "command":
      return slashCommand(value, args)
  }
}

const commandValue = (c: ModCommandInput): string | undefined =>
  c.kind === "prompt"
    ? c.text
    : c.kind === "model"
      ? c.model
      : c.kind === "effort"
        ? c.effort
        : c.kind === "command"
          ? [c.name, c.args].filter(Boolean).join(" ")
          : undefined

export const control = (d: ControlDeps, p: ControlPayload) =>
  Effect.gen(function* () {
    const t = yield* resolve(d, p.from, p.target, p.project, "control")
    const command = yield* commandFor(p.action, p.value, p.args)
    if (command.kind === "command" && !atLeast(yield* d.channel.plugin(t.id), COMMAND_PLUGIN_FLOOR)) {
      return yield* new Refused({
        message: `"${t.label}" runs a lich-plugin that cannot run slash commands — update lich-plugin to ${COMMAND_PLUGIN_FLOOR} or later`
      })
    }
    const sent = yield* d.channel.enqueue(t.id, command)
    const limit = command.kind === "command" ? COMMAND_WAIT_MS : CONTROL_WAIT_MS
    const state = yield* settle(d, t, sent, yield* awaitOutcome(sent, limit), limit)
    const value = commandValue(command)
    return new ControlResult({
      id: t.id,
      project: t.project,
      label: t.label,
      action: p.action,
      ...(value === undefined || value === "" ? {} : { value }),
      command_id: sent.command.id,
      state
    })
  })

/** The verdict on a command: confirmed, taken and pending, ended — or a failure with its reason. */
const settle = (d: ControlDeps, t: Card, sent: Sent, got: Option.Option<AckOutcome>, limit: number) =>
  Effect.gen(function* () {
    if (Option.isNone(got)) {
      if (yield* d.channel.withdraw(t.id, sent.command.id)) {
        return yield* new Failed({
          message: `"${t.label}" never took the command within ${limit / 1000} s — its mod stopped polling, so it was withdrawn. Nothing ran; it is safe to send again`
        })
      }
      return "delivered" as const
    }
    const o = got.value
    if (o._tag === "ended") return "ended" as const
    if (!o.ok)
      return yield* new Failed({ message: `"${t.label}" could not run it: ${o.error === "" ? "its mod gave no reason" : o.error}` })
    return "done" as const
  })

export const ask = (d: ControlDeps, p: AskPayload) =>
  Effect.gen(function* () {
    const question = yield* cleanQuestion(p.question)
    const t = yield* resolve(d, p.from, p.target, p.project, "ask")
    const sent = yield* d.channel.enqueue(t.id, { kind: "ask", question })
    const got = yield* awaitOutcome(sent, ASK_WAIT_MS)
    if (Option.isNone(got)) {
      yield* d.channel.withdraw(t.id, sent.command.id)
      return yield* new Failed({
        message: `"${t.label}" did not answer within ${ASK_WAIT_MS / 1000} s; an answer that comes later is dropped`
      })
    }
    const o = got.value
    if (o._tag === "ended") return yield* new Failed({ message: `"${t.label}" ended before it answered` })
    if (!o.ok) return yield* new Failed({ message: `"${t.label}" could not answer: ${askFailure(o.error)}` })
    return new AskResult({ id: t.id, project: t.project, label: t.label, answer: capModAnswer(o.answer) })
  })

/** The mod's reasons for a side question without an answer, in words. */
const askFailure = (reason: string): string => {
  if (reason.startsWith("nothing-to-fork")) return "it has no conversation yet (it is new, or was just cleared)"
  if (reason.startsWith("empty-reply")) return "the model's reply was empty"
  if (reason.startsWith("aborted")) return "the side question was cut short"
  if (reason.startsWith("api-error")) return `the model request failed (${reason})`
  return reason === "" ? "its mod gave no reason" : reason
}
