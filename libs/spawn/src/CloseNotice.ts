/**
 * Who closes a session, told before it closes. `spawn.Close` is the workspace's, but the relay must
 * know who asked: a caller closing its own worker ends that worker's errand in silence, where any
 * other close reports it stopped. The relay provides this seam, so spawn never imports the relay.
 */
import type { FromId } from "@lich/contract"
import { Context, type Effect } from "effect"

export interface CloseNoticeShape {
  readonly closing: (targetId: string, from: FromId) => Effect.Effect<void>
}

export class CloseNotice extends Context.Tag("lich/spawn/CloseNotice")<CloseNotice, CloseNoticeShape>() {}
