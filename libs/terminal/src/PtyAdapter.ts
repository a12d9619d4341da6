/**
 * The seam between lich and the operating system's pseudo-terminals.
 *
 * Everything above this tag speaks Effect (queues, streams, deferreds); everything below it is a
 * callback API over a native handle. Keeping the seam this thin is what lets the session actor be
 * tested against `FakePty` under `TestClock`, and lets exactly one file (`NodePty.ts`) load the
 * native `node-pty` addon. It refuses to do policy: no sizes, no env defaults, no readiness.
 */
import { Context, Data, type Effect } from "effect"

/** What a PTY is spawned with; every field is required so the policy lives in one place above. */
export interface PtySpawnOptions {
  readonly file: string
  readonly args: ReadonlyArray<string>
  readonly cwd: string
  readonly env: Readonly<Record<string, string>>
  readonly cols: number
  readonly rows: number
  /** The session the PTY is for: an adapter whose PTYs outlive the backend hands them back by it. */
  readonly id?: string
}

export interface PtyExitInfo {
  readonly exitCode: number
  /** The signal number that ended the process, when a signal did (0/undefined otherwise). */
  readonly signal?: number
}

/**
 * A running child on a PTY. Callbacks live only here: the adapter must hold back events that arrive
 * before a listener registers (so no byte is lost between spawn and subscription), deliver output as
 * bytes (a read can split a UTF-8 sequence, so decoding is the consumer's business), deliver every
 * data event before the exit event, and make `write`/`resize`/`kill` harmless after the exit.
 */
export interface PtyProcess {
  readonly pid: number
  /** Queues bytes for the child; the adapter loops over partial writes until all are written. */
  write(data: string | Uint8Array): void
  resize(cols: number, rows: number): void
  /** Sends a signal (default SIGHUP) to the child; a no-op once it is gone. */
  kill(signal?: string): void
  /**
   * Output, in order. The bytes are lent: valid only during the call (the PTY host's connection
   * reuses its read buffer), so a listener copies what it keeps (OutputInbox.ts). One adapter
   * promises more: NodePty hands each read in a buffer of its own (node allocates every stream read,
   * and its drain copies), and the PTY host keeps those reads uncopied
   * until it sends them (libs/ptyhost gather.ts). An adapter that reuses its buffers breaks that.
   */
  onData(cb: (data: Uint8Array) => void): void
  onExit(cb: (exit: PtyExitInfo) => void): void
}

/** The child could not be started at all (missing binary, missing cwd, the fork itself failing). */
export class PtySpawnError extends Data.TaggedError("PtySpawnError")<{
  readonly file: string
  readonly cwd: string
  readonly reason: string
  readonly message: string
}> {}

/**
 * A PTY that outlived the backend which started it (the PTY host kept it), handed to the next one.
 * Its first data event is what the host's replay ring held, so a window attaching redraws the screen.
 */
export interface KeptPty {
  readonly id: string
  readonly proc: PtyProcess
}

export class PtyAdapter extends Context.Tag("lich/terminal/PtyAdapter")<
  PtyAdapter,
  {
    readonly spawn: (options: PtySpawnOptions) => Effect.Effect<PtyProcess, PtySpawnError>
    /** The PTYs still running from before this backend started; absent for an in-process adapter. */
    readonly adopt?: Effect.Effect<ReadonlyArray<KeptPty>>
  }
>() {}
