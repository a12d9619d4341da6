import { Admit, HostOpen, OPEN_PROMPT_WAIT_SECONDS, Open, type Opened, type RelayResult, Subagent } from "@lich/contract"
import { Effect, Either } from "effect"
import { exitCodes } from "../exitCodes.js"
import { call } from "../layers.js"
import { failLine, json as printJson, setExit, stdout } from "../output.js"
import { renderResult, resultJson } from "../render/relay.js"
import { renderOpened, renderStartFailure } from "../render/spawn.js"
import type { Values } from "../spec.js"
import { Usage } from "../usage.js"
import { waitBudgetMs } from "./budgets.js"
import { sendTo } from "./hostRelay.js"
import { SPAWN_TIMEOUT_MS, sender } from "./shared.js"

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

interface Flags {
  readonly project: string
  readonly kind: string
  readonly worktree: string
  readonly base: string
  readonly model: string
  readonly effort: string
  readonly ultracode: boolean
  readonly folder: string
  readonly prompt: string
  readonly private: boolean
  readonly host: string
}

/** What --subagent refuses, before anything opens: a worker opens beside its caller, with a task. */
const subagentRefusal = (f: Flags): Usage | undefined => {
  if (f.prompt === "") return new Usage({ message: "--subagent hands the new worker a task, and needs --prompt" })
  if (sender() === "")
    return new Usage({
      message: "--subagent opens a worker for the session this runs in, and this is not a lich session — use --prompt alone"
    })
  const taken = [
    f.project !== "" && "--project",
    f.folder !== "" && "--folder",
    f.private && "--private",
    f.host !== "" && "--host"
  ].filter(Boolean)
  if (taken.length > 0)
    return new Usage({ message: `--subagent opens the worker beside its caller, filed with it, and refuses ${taken.join(", ")}` })
  return undefined
}

type Delivery = Either.Either<RelayResult, { message: string }> | undefined

/** The worker and its hand-off, in one call: the server files it, sets its depth and hands the task over. */
const openWorker = (f: Flags) =>
  Effect.map(
    call(
      "relay",
      Subagent,
      {
        from: sender(),
        kind: f.kind,
        worktree: f.worktree,
        base: f.base,
        model: f.model,
        effort: f.effort,
        ultracode: f.ultracode,
        prompt: f.prompt
      },
      SPAWN_TIMEOUT_MS + waitBudgetMs(OPEN_PROMPT_WAIT_SECONDS)
    ),
    (w): { opened: Opened; delivery: Delivery } => ({
      opened: w.opened,
      delivery:
        w.delivery !== undefined
          ? Either.right(w.delivery)
          : w.failure !== undefined && w.opened.startError === ""
            ? Either.left({ message: w.failure })
            : undefined
    })
  )

/** The open itself, here or on a host's lich. */
const openOne = (f: Flags) => {
  const p = {
    from: sender(),
    project: f.project,
    kind: f.kind,
    worktree: f.worktree,
    base: f.base,
    model: f.model,
    effort: f.effort,
    ultracode: f.ultracode,
    folder: f.folder
  }
  return f.host === "" ? call("spawn", Open, p, SPAWN_TIMEOUT_MS) : call("hosts", HostOpen, { host: f.host, ...p }, SPAWN_TIMEOUT_MS)
}

/** open, then the same hand-off send makes; a hand-off that fails does not undo the open. */
const openPlain = (f: Flags) =>
  Effect.gen(function* () {
    // A task is new work: a project over its caps refuses it before a session opens for it. A host's
    // lich asks its own caps when its relay types the task.
    if (f.prompt !== "" && f.host === "") yield* call("system", Admit, { from: sender(), project: f.project, kind: f.kind })
    const opened = yield* openOne(f)
    const delivery: Delivery =
      f.prompt === "" || opened.startError !== ""
        ? undefined
        : yield* Effect.either(
            sendTo(f.host, {
              from: sender(),
              target: opened.session.id,
              project: "",
              prompt: f.prompt,
              timeout: OPEN_PROMPT_WAIT_SECONDS,
              private: f.private
            })
          )
    return { opened, delivery }
  })

/** The flags as open's helpers read them. */
const flagsOf = (v: Values): Flags & { readonly subagent: boolean; readonly json: boolean } => ({
  project: v.text("project"),
  kind: v.text("kind"),
  worktree: v.text("worktree"),
  base: v.text("base"),
  model: v.text("model"),
  effort: v.text("effort"),
  ultracode: v.flag("ultracode"),
  folder: v.text("folder"),
  prompt: v.text("prompt"),
  private: v.flag("private"),
  host: v.text("host"),
  subagent: v.flag("subagent"),
  json: v.flag("json")
})

export const open = (v: Values) =>
  Effect.gen(function* () {
    const f = flagsOf(v)
    if (f.subagent) {
      const refused = subagentRefusal(f)
      if (refused) return yield* refused
    }
    if (f.private && f.prompt === "") {
      return yield* new Usage({ message: "--private keeps a hand-off's result to its ticket, and needs --prompt" })
    }
    const { opened, delivery } = f.subagent ? yield* openWorker(f) : yield* openPlain(f)
    const s = opened.session
    const failedStart = opened.startError !== ""
    const result = delivery && Either.isRight(delivery) ? delivery.right : undefined
    if (f.json) {
      yield* printJson(result ? { ...s, delivery: resultJson(result) } : s)
    } else {
      yield* stdout(result ? `${renderOpened(opened)}\n${renderResult(result, "cli", sender() !== "")}` : renderOpened(opened))
    }
    if (failedStart) {
      yield* failLine(renderStartFailure(opened))
      return yield* setExit(exitCodes.Failed)
    }
    if (delivery && Either.isLeft(delivery)) {
      yield* failLine(
        `the session is open, but the task did not reach it: ${delivery.left.message} — hand it the task with lich send${f.host === "" ? "" : ` --host ${f.host}`} "${s.label}" ${shellQuote(f.prompt)}`
      )
      yield* setExit(exitCodes.Failed)
    }
  })
