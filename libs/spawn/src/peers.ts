/**
 * `sessions` and `whoami`: who is there, as the roster prints it — every other live session with its
 * last reported state, and the caller's own card. Read from the workspace's cards and the PTYs that
 * run; nothing here reads a screen.
 */
import { type LichError, NotFound, type Peer } from "@lich/contract"
import type { Terminals } from "@lich/terminal"
import { Effect, Option } from "effect"
import type { SessionStates } from "./SessionStates.js"
import { peerOf } from "./view.js"
import type { WorkspaceShape } from "./Workspace.js"

export interface PeerDeps {
  readonly ws: WorkspaceShape
  readonly terminals: Terminals["Type"]
  readonly states: SessionStates["Type"]
}

export const peers = (d: PeerDeps, from: string): Effect.Effect<ReadonlyArray<Peer>, LichError> =>
  Effect.gen(function* () {
    const all = yield* d.ws.cards()
    const live = new Set(yield* d.terminals.liveIds())
    return yield* Effect.forEach(
      all.filter((c) => live.has(c.id) && c.id !== from),
      (c) => Effect.map(d.states.get(c.id), (s) => peerOf(c, s))
    )
  })

export const whoami = (d: PeerDeps, from: string): Effect.Effect<Peer, LichError> =>
  Effect.gen(function* () {
    const me = yield* d.ws.caller(from)
    if (Option.isNone(me)) {
      return yield* new NotFound({
        what: "session",
        name: from,
        message: `this command runs with LICH_SESSION_ID=${from}, which names no open session of this lich`
      })
    }
    return peerOf(me.value, yield* d.states.get(from))
  })
