/**
 * `lich open --subagent`: a worker opened for the calling session, the way lich-plugin's mod turns
 * Claude Code's own Agent call into a card. The worker opens in its caller's checkout (or the
 * worktree it was given), one level below it, filed with it; it is handed its task as an errand that
 * never expires while it runs, and answers by itself where its mod posts its final message
 * (`POST /mod/answer`). Once it has answered and its turn ended, a worker sharing its caller's
 * checkout is parked, as a native subagent ends with its result.
 *
 * It refuses, before anything opens, a caller that is no session and an empty task. Which flags go
 * with --subagent is the CLI's to refuse (--project, --folder, --private), so the payload has none.
 */
import {
  type LichError,
  OPEN_PROMPT_WAIT_SECONDS,
  Refused,
  type RelayResult,
  type SendPayload,
  SubagentOpened,
  type SubagentPayload
} from "@lich/contract"
import type { SpendGate } from "@lich/cost"
import type { Card, Workspace } from "@lich/spawn"
import type { Terminals } from "@lich/terminal"
import { Effect, Either, Option } from "effect"
import type { Core } from "./core.js"
import { capModAnswer, cleanPrompt } from "./sanitize.js"

export interface SubagentDeps {
  readonly ws: Workspace["Type"]
  readonly terminals: Terminals["Type"]
  readonly core: Core
  /** The caller's project's caps: a worker over them is refused before it opens. */
  readonly gate: SpendGate["Type"]
  /** Hands the worker its task as its one subagent errand. */
  readonly send: (p: SendPayload) => Effect.Effect<RelayResult, LichError>
}

/** The caller behind `from`, refused when it is no session of this lich. */
const callerOf = (d: SubagentDeps, p: SubagentPayload) =>
  Effect.gen(function* () {
    if (p.from === "") {
      return yield* new Refused({
        message: "--subagent opens a worker for the session this runs in, and this is not a lich session — use lich open --prompt instead"
      })
    }
    yield* Either.match(cleanPrompt(p.prompt), { onLeft: Effect.fail, onRight: Effect.succeed })
    const caller = yield* d.ws.caller(p.from)
    if (Option.isNone(caller)) return yield* new Refused({ message: `LICH_SESSION_ID=${p.from} names no open session of this lich` })
    return caller.value
  })

/** Opens the worker under its caller and hands it its task as a subagent errand. */
export const openSubagent = (d: SubagentDeps, p: SubagentPayload): Effect.Effect<SubagentOpened, LichError> =>
  Effect.gen(function* () {
    const me: Card = yield* callerOf(d, p)
    // A worker with no kind is its caller's kind, as spawn.Open decides it.
    yield* d.gate.admit(me.row.projectId, p.kind !== "" ? p.kind : me.row.kind)
    // Workers sit under whoever asked: the caller's folder, else one named after it, the caller filed there too.
    const folder = me.row.folder !== "" ? me.row.folder : me.label
    if (me.row.folder === "") yield* d.ws.file({ from: "", target: me.id, project: me.projectPath, folder })
    const opened = yield* d.ws.open(
      {
        from: p.from,
        project: me.projectPath,
        kind: p.kind,
        worktree: p.worktree,
        base: p.base,
        model: p.model,
        effort: p.effort,
        ultracode: p.ultracode,
        folder
      },
      { shareCheckoutOf: p.worktree.trim() === "" ? me : undefined, depth: me.row.subagentDepth + 1 }
    )
    if (opened.startError !== "") return new SubagentOpened({ opened, failure: `its terminal did not start: ${opened.startError}` })
    const delivery = yield* d
      .send({
        from: p.from,
        target: opened.session.id,
        project: "",
        prompt: p.prompt,
        timeout: OPEN_PROMPT_WAIT_SECONDS,
        private: false
      })
      .pipe(Effect.either)
    return Either.isRight(delivery)
      ? new SubagentOpened({ opened, delivery: delivery.right })
      : new SubagentOpened({ opened, failure: delivery.left.message })
  })

/** `POST /mod/answer`: a worker's final message answers its one subagent errand (steps/turns.ts says when). */
export const workerAnswer = (core: Core, sessionId: string, raw: string): Effect.Effect<boolean> => {
  const text = raw.trim()
  return text === "" ? Effect.succeed(false) : core.apply({ _tag: "WorkerAnswered", id: sessionId, answer: capModAnswer(text) })
}

/**
 * A worker that answered and ended its turn: parked if it shares its caller's checkout, unless the
 * user pinned it or its caller is gone.
 */
export const park = (d: SubagentDeps, id: string): Effect.Effect<void> =>
  Effect.gen(function* () {
    // A workspace that cannot be read leaves the worker open, and says why in the log.
    const cards = yield* d.ws
      .cards()
      .pipe(
        Effect.catchAll((e) =>
          Effect.as(Effect.logWarning(`a finished worker was left open: the workspace could not be read (${e.message})`), [])
        )
      )
    const worker = cards.find((c) => c.id === id)
    const caller = cards.find((c) => c.id === worker?.row.originSessionId)
    if (!worker || !caller || worker.row.pinned || worker.row.subagentDepth === 0) return
    if (worker.dir !== caller.dir || !(yield* d.terminals.isLive(caller.id))) return
    yield* d.core.apply({ _tag: "Closing", targetId: id, from: caller.id })
    yield* d.ws
      .close({ from: "", target: id, project: "", worktree: "", force: false })
      .pipe(Effect.catchAll((e) => Effect.logWarning(`a finished worker "${worker.label}" could not be parked: ${e.message}`)))
  })
