/**
 * Every PTY the backend runs, by session id: start, type into, resize, watch, close.
 *
 * Each session (`Session.ts`) takes its PTY's output in, in order; this service keeps them in one
 * table and answers for them. It decides terminal policy — sizes, TERM, the paste framing, close's
 * grace — and refuses the rest: which binary, which arguments and which environment a provider
 * needs is the caller's. Its three parts are one concept each: the table and how sessions start and
 * end (sessionTable.ts), what goes in and comes out of one (sessionIo.ts), and its readiness
 * (readyWatch.ts).
 */
import { Context, Effect, Layer } from "effect"
import type { PtyAdapter } from "./PtyAdapter.js"
import { type ReadyWatch, readyWatch } from "./readyWatch.js"
import { type SessionIo, sessionIo } from "./sessionIo.js"
import { makeTable, type SessionLifecycle, sessionLifecycle } from "./sessionTable.js"

export type { StartOptions } from "./sessionTable.js"

export interface TerminalsShape extends SessionLifecycle, SessionIo, ReadyWatch {}

export class Terminals extends Context.Tag("lich/terminal/Terminals")<Terminals, TerminalsShape>() {
  /** Needs a `PtyAdapter`: `NodePtyLayer` in the backend, `FakePty.layer` in tests. */
  static readonly layer: Layer.Layer<Terminals, never, PtyAdapter> = Layer.scoped(
    Terminals,
    Effect.map(makeTable, (t) => ({ ...sessionLifecycle(t), ...sessionIo(t), ...readyWatch(t) }))
  )
}
