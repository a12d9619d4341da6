/**
 * A PTY adapter with no processes behind it, for tests of anything built on `Terminals`: the test
 * plays the child (emits output, exits) and reads what was written, under `TestClock`.
 *
 * It keeps the adapter's promises (events before a listener are held, nothing after the exit) and
 * refuses to emulate a line discipline: there is no echo, no signal generation, no buffering.
 */
import { Context, Effect, Layer, Ref } from "effect"
import { PtyAdapter, type PtyExitInfo, type PtyProcess, type PtySpawnOptions } from "./PtyAdapter.js"

/** Signal numbers the fake reports when a signal ends its "process" (Linux numbering). */
const SIGNAL_NUMBERS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }

export interface FakeProcess extends PtyProcess {
  readonly options: PtySpawnOptions
  /** Everything written to the child, in order, as the bytes it would read. */
  readonly written: Array<Uint8Array>
  readonly signals: Array<string>
  readonly size: { cols: number; rows: number }
  /** Signals this child survives (SIGKILL is never survivable). */
  readonly ignores: Set<string>
  /** Plays the child printing `data`. */
  emit(data: string | Uint8Array): void
  /** Plays the child exiting. */
  exit(exitCode: number, signal?: number): void
  /** `written` decoded as UTF-8, for assertions. */
  writtenText(): string
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

const makeProcess = (pid: number, options: PtySpawnOptions): FakeProcess => {
  let gone = false
  let onData: ((d: Uint8Array) => void) | undefined
  let onExit: ((e: PtyExitInfo) => void) | undefined
  const heldData: Array<Uint8Array> = []
  let heldExit: PtyExitInfo | undefined
  const proc: FakeProcess = {
    pid,
    options,
    written: [],
    signals: [],
    size: { cols: options.cols, rows: options.rows },
    ignores: new Set(),
    write: (data) => {
      if (!gone) proc.written.push(typeof data === "string" ? encoder.encode(data) : data)
    },
    resize: (cols, rows) => {
      proc.size.cols = cols
      proc.size.rows = rows
    },
    kill: (signal = "SIGHUP") => {
      if (gone) return
      proc.signals.push(signal)
      if (signal === "SIGKILL" || !proc.ignores.has(signal)) {
        // A real child dies asynchronously to the kill call.
        queueMicrotask(() => proc.exit(0, SIGNAL_NUMBERS[signal] ?? 1))
      }
    },
    onData: (cb) => {
      onData = cb
      for (const d of heldData.splice(0)) cb(d)
    },
    onExit: (cb) => {
      onExit = cb
      if (heldExit) cb(heldExit)
    },
    emit: (data) => {
      if (gone) return
      const bytes = typeof data === "string" ? encoder.encode(data) : data
      if (onData) onData(bytes)
      else heldData.push(new Uint8Array(bytes)) // lent, as the adapter contract says: kept as a copy
    },
    exit: (exitCode, signal) => {
      if (gone) return
      gone = true
      const info: PtyExitInfo = signal ? { exitCode, signal } : { exitCode }
      if (onExit) onExit(info)
      else heldExit = info
    },
    writtenText: () => proc.written.map((w) => decoder.decode(w)).join("")
  }
  return proc
}

/** The test's handle on the fake: every process spawned so far, newest last. */
export class FakePty extends Context.Tag("lich/terminal/FakePty")<
  FakePty,
  { readonly spawned: Ref.Ref<ReadonlyArray<FakeProcess>>; readonly latest: Effect.Effect<FakeProcess> }
>() {
  /** Provides both the fake adapter and the handle; pids start at 1000 to look like real ones. */
  static readonly layer: Layer.Layer<FakePty | PtyAdapter> = Layer.effectContext(
    Effect.gen(function* () {
      const spawned = yield* Ref.make<ReadonlyArray<FakeProcess>>([])
      const latest = Effect.flatMap(Ref.get(spawned), (all) =>
        all.length > 0 ? Effect.succeed(all[all.length - 1]!) : Effect.dieMessage("FakePty: nothing was spawned")
      )
      const adapter = PtyAdapter.of({
        spawn: (options) =>
          Ref.modify(spawned, (all) => {
            const proc = makeProcess(1000 + all.length, options)
            return [proc as PtyProcess, [...all, proc]]
          })
      })
      return Context.make(FakePty, { spawned, latest }).pipe(Context.add(PtyAdapter, adapter))
    })
  )
}
