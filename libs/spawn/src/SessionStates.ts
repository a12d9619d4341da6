/**
 * What each session last reported through its hooks (busy, done, waiting). Only the published
 * state lives here — the roster and the window read it; the relay keeps its own turn bookkeeping.
 */
import type { SessionState } from "@lich/contract"
import { Context, Effect, HashMap, Layer, Option, Ref } from "effect"

export interface SessionStatesShape {
  readonly get: (id: string) => Effect.Effect<SessionState>
  readonly set: (id: string, state: Exclude<SessionState, "">) => Effect.Effect<void>
  readonly clear: (id: string) => Effect.Effect<void>
}

export class SessionStates extends Context.Tag("lich/spawn/SessionStates")<SessionStates, SessionStatesShape>() {
  static readonly layer = Layer.effect(
    SessionStates,
    Effect.map(Ref.make(HashMap.empty<string, Exclude<SessionState, "">>()), (ref) => ({
      get: (id) => Effect.map(Ref.get(ref), (m): SessionState => Option.getOrElse(HashMap.get(m, id), () => "" as const)),
      set: (id, state) => Ref.update(ref, HashMap.set(id, state)),
      clear: (id) => Ref.update(ref, HashMap.remove(id))
    }))
  )
}
