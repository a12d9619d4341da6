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
import { OPEN_PROMPT_WAIT_SECONDS, Refused, SubagentOpened, type LichError, type SubagentPayload } from "@lich/contract"
import type { Workspace } from "@lich/spawn"
import type { Terminals } from "@lich/terminal"
import { Effect, Either, Option } from "effect"
import type { Core } from "./core.js"
import { capModAnswer, cleanPrompt } from "./sanitize.js"
import { openErrandsAt, openErrandsFrom, publicEntries } from "./state.js"
import type { RelayResult } from "@lich/contract"


/** The payload exactly as the contract defines it. */
export type SubagentInput = SubagentPayload

interface Deps {
  readonly ws: Workspace["Type"]
  readonly terminals: Terminals["Type"]
  readonly core: Core
  readonly send: (p: {
    from: string
    target: string
    project: string
    prompt: string
    timeout: number
    private: boolean
    subagent: boolean
  }) => Effect.Effect<RelayResult, LichError>
  /** A note at a session's prompt: through its mod when one polls, else typed when it is ready. */
  readonly tell: (id: string, text: string) => Effect.Effect<unknown>
}


export const makeSubagents = (d: Deps) => {
  const open = (p: SubagentInput) =>
    Effect.gen(function* () {
      if (p.from === "") {
        return yield* new Refused({ message: "--subagent opens a worker for the session this runs in, and this is not a lich session — use lich open --prompt instead" })
      }
      yield* Either.match(cleanPrompt(p.prompt), { onLeft: Effect.fail, onRight: Effect.succeed })
      const caller = yield* d.ws.caller(p.from)
      if (Option.isNone(caller)) return yield* new Refused({ message: `LICH_SESSION_ID=${p.from} names no open session of this lich` })
      const me = caller.value
      // Workers sit under whoever asked: the caller's folder, else one named after it, the caller filed there too.
      const folder = me.row.folder !== "" ? me.row.folder : me.label
      if (me.row.folder === "") yield* d.ws.file({ from: "", target: me.id, project: me.projectPath, folder })
      const opened = yield* d.ws.open(
        { from: p.from, project: me.projectPath, kind: p.kind, worktree: p.worktree, base: p.base, model: p.model, effort: p.effort, ultracode: p.ultracode, folder },
        { shareCheckoutOf: p.worktree.trim() === "" ? me : undefined, depth: me.row.subagentDepth + 1 }
      )
      if (opened.startError !== "") return new SubagentOpened({ opened, failure: `its terminal did not start: ${opened.startError}` })
      const delivery = yield* d
        .send({ from: p.from, target: opened.session.id, project: "", prompt: p.prompt, timeout: OPEN_PROMPT_WAIT_SECONDS, private: false, subagent: true })
        .pipe(Effect.either)
      return Either.isRight(delivery)
        ? new SubagentOpened({ opened, delivery: delivery.right })
        : new SubagentOpened({ opened, failure: delivery.left.message })
    })

  /**
   * A worker's mod posted its final message: it answers the one subagent errand open at it. Ignored
   * while the worker still waits on errands of its own or has results it has not read — the turn
   * those start is the one that answers — and when a reply of its own came first.
   */
  const answer = (sessionId: string, raw: string): Effect.Effect<boolean> =>
    Effect.gen(function* () {
      const text = raw.trim()
      if (text === "") return false
      const pick = yield* d.core.locked((s) => {
        const mine = openErrandsAt(s, sessionId).filter((e) => e.subagent && e.entered)
        if (mine.length !== 1) return undefined
        if (openErrandsFrom(s, sessionId).length > 0 || publicEntries(s, sessionId).length > 0) return undefined
        return mine[0]
      })
      if (pick === undefined) return false
      const won = yield* d.core.close(pick, { status: "answered", answer: capModAnswer(text) })
      // The answer comes with the turn's end; a Stop report that came first already ended that turn.
      if (won && (yield* d.core.locked((s) => s.turn.get(sessionId) === "done"))) yield* turnEnded(sessionId)
      return won
    })

  /** Closes a session on the caller's behalf, remembering who closed it: a caller closing its own worker hears nothing. */
  const closing = (from: string, targetId: string) =>
    d.core.locked((s) => {
      s.closing.set(targetId, from)
    })

  /**
   * The worker's turn ended after its answer: a worker in its caller's checkout is parked, unless the
   * user pinned it, its caller is gone, another errand is open at it, or one of its own is still out.
   */
  const turnEnded = (id: string): Effect.Effect<void> =>
    Effect.gen(function* () {
      const due = yield* d.core.locked((s) => {
        if (!s.answeredWorkers.has(id)) return false
        s.answeredWorkers.delete(id)
        return openErrandsAt(s, id).length === 0 && openErrandsFrom(s, id).length === 0
      })
      if (!due) return
      // A workspace that cannot be read leaves the worker open, and says why in the log.
      const cards = yield* d.ws.cards().pipe(
        Effect.catchAll((e) => Effect.as(Effect.logWarning(`a finished worker was left open: the workspace could not be read (${e.message})`), []))
      )
      const worker = cards.find((c) => c.id === id)
      const caller = cards.find((c) => c.id === worker?.row.originSessionId)
      if (!worker || !caller || worker.row.pinned || worker.row.subagentDepth === 0) return
      if (worker.dir !== caller.dir || !(yield* d.terminals.isLive(caller.id))) return
      yield* closing(caller.id, id)
      yield* d.ws.close({ from: "", target: id, project: "", worktree: "", force: false }).pipe(
        Effect.catchAll((e) => Effect.logWarning(`a finished worker "${worker.label}" could not be parked: ${e.message}`))
      )
    })

  /** Workers already noted as blocked in their current block (cleared when they work again). */
  const noted = new Set<string>()

  /**
   * A worker waiting on a permission prompt blocks its caller's report: the caller hears it once per
   * block, through its mod when one polls, else typed.
   */
  const waiting = (id: string, reason: string) =>
    Effect.gen(function* () {
      const e = yield* d.core.locked((s) => openErrandsAt(s, id).find((x) => x.subagent && x.entered))
      if (e === undefined || e.senderId === "" || noted.has(id)) return
      noted.add(id)
      const text = `[lich] Your subagent "${e.targetLabel}" is waiting on a permission prompt in its card (${reason}). It cannot go on until someone answers it there — tell the user.`
      yield* d.tell(e.senderId, text)
    })

  /** The worker works again: its next block is a new one. */
  const working = (id: string) => Effect.sync(() => void noted.delete(id))

  return { open, answer, closing, turnEnded, waiting, working }
}
