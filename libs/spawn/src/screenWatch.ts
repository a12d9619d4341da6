/**
 * The first task's gate for providers whose start-up screen lich can read (Provider.screen): from
 * the spawn until the composer is drawn, nothing is typed (Terminals.holdForScreen), and a dialog
 * of the provider's own — Codex's folder trust — is shown on the card as `waiting` with what to
 * do, and the task stays held until a person answers it. lich never answers it: trusting a folder
 * is the user's decision, and an Enter meant for a task must not make it for them.
 *
 * It watches only the start: once the composer has stood for SETTLED_MS with no dialog after it,
 * the watch ends and the quiet rule and the hooks take over, so a long session pays nothing for it.
 * A screen never recognised (a new release that draws other words) lets go after FALLBACK_MS and
 * the session is judged by quiet alone, as before.
 */
import type { EventHubShape } from "@lich/events"
import { initialScan, type ScreenFinding, type ScreenRules, scanScreen, type TerminalsShape } from "@lich/terminal"
import { Deferred, Duration, Effect, Fiber, Ref, type Scope, Stream } from "effect"
import type { SessionStatesShape } from "./SessionStates.js"

/** 5 s: a dialog follows the composer within a second of start (Codex draws both by ~1 s). */
export const SETTLED_MS = 5_000
/**
 * 120 s: opencode's cold start takes 6–12 s on an idle two-core machine and was measured past 60 s
 * on a loaded one; past this the screen is taken to be one lich does not know, and quiet decides.
 */
export const FALLBACK_MS = 120_000

interface Watch {
  readonly dialog: boolean
  readonly ready: boolean
}

export interface WatchDeps {
  readonly terminals: TerminalsShape
  readonly hub: EventHubShape
  readonly states: SessionStatesShape
}

/** Feeds the session's output, from its replay on, to the screen reader until `stop` or its end. */
const scanOutput = (
  terminals: TerminalsShape,
  id: string,
  rules: ScreenRules,
  onFinding: (f: ScreenFinding) => Effect.Effect<void, never, Scope.Scope>,
  stop: Effect.Effect<void>
) =>
  Effect.gen(function* () {
    const { replay, output } = yield* terminals.attach(id)
    const decoder = new TextDecoder()
    let scan = initialScan
    const feed = (bytes: Uint8Array) =>
      Effect.suspend(() => {
        const r = scanScreen(rules, scan, decoder.decode(bytes, { stream: true }))
        scan = r.scan
        return r.finding === undefined ? Effect.void : onFinding(r.finding)
      })
    yield* feed(replay)
    yield* Stream.runForEach(output.pipe(Stream.interruptWhen(stop)), feed)
  })

/**
 * One session's watch, from its first screen until it has settled at its prompt: a dialog holds
 * the input and shows `waiting`, the composer lets it go (after the provider's settle time) and,
 * after a dialog, shows `done`. Scoped: its timers end with it.
 */
const watchScreen = ({ terminals, hub, states }: WatchDeps, id: string, rules: ScreenRules) =>
  Effect.scoped(
    Effect.gen(function* () {
      const done = yield* Deferred.make<void>()
      const seen = yield* Ref.make<Watch>({ dialog: false, ready: false })
      let settle: Fiber.RuntimeFiber<void> | undefined
      let release: Fiber.RuntimeFiber<void> | undefined
      const stopTimers = Effect.gen(function* () {
        if (settle) yield* Fiber.interrupt(settle)
        if (release) yield* Fiber.interrupt(release)
        settle = release = undefined
      })
      const onDialog = (reason: string, before: Watch) =>
        Effect.gen(function* () {
          yield* stopTimers
          yield* Ref.set(seen, { dialog: true, ready: false })
          // With its reason: a task held here tells its sender why (the relay's pending outcome).
          yield* terminals.holdForScreen(id, true, reason)
          if (before.dialog) return
          yield* states.set(id, "waiting")
          yield* hub.publish({ _tag: "session-status", id, state: "waiting", tool: "", detail: "", reason })
        })
      // Only the first composer (or the first after a dialog) counts: a redraw of it — opencode
      // rotates its placeholder every few seconds — changes nothing.
      const onReady = (before: Watch) =>
        Effect.gen(function* () {
          if (before.ready) return
          yield* Ref.set(seen, { dialog: false, ready: true })
          // A composer can be drawn before it takes keys (opencode's): let go once it has stood
          // for the provider's settle time.
          const settleMs = rules.settleMs ?? 0
          const letGo = terminals.holdForScreen(id, false)
          if (settleMs === 0) yield* letGo
          else release = yield* Effect.forkScoped(Effect.delay(letGo, Duration.millis(settleMs)))
          if (before.dialog) {
            // The composer is back: the dialog was answered, and the session is at its prompt.
            yield* states.set(id, "done")
            yield* hub.publish({ _tag: "session-status", id, state: "done", tool: "", detail: "", reason: "" })
          }
          settle = yield* Effect.forkScoped(
            Effect.delay(Effect.asVoid(Deferred.succeed(done, undefined)), Duration.millis(SETTLED_MS + settleMs))
          )
        })
      const onFinding = (f: ScreenFinding) =>
        Effect.flatMap(Ref.get(seen), (before) => (f._tag === "Dialog" ? onDialog(f.reason, before) : onReady(before)))

      const fallback = Effect.gen(function* () {
        const w = yield* Ref.get(seen)
        if (!w.ready && !w.dialog) yield* terminals.holdForScreen(id, false)
      })
      yield* Effect.forkScoped(Effect.delay(fallback, Duration.millis(FALLBACK_MS)))

      yield* scanOutput(terminals, id, rules, onFinding, Deferred.await(done))
    })
  ).pipe(Effect.catchAll(() => terminals.holdForScreen(id, false)))

export const startScreenWatch = (deps: WatchDeps, id: string, rules: ScreenRules) =>
  Effect.gen(function* () {
    yield* deps.terminals.holdForScreen(id, true)
    // Bounded by the session's own output: the stream ends when its PTY does.
    yield* Effect.forkDaemon(watchScreen(deps, id, rules))
  })
