/**
 * Whether anyone is looking at the checkouts' figures. Only a window shows them (its cards and the
 * dock); a backend driven by agents over the CLI alone has nobody to read them for, and each read
 * forks git several times from a large process — for 200 fresh sessions that was seconds of CPU.
 * The server provides this from its attached windows; without it every ask reads, as before.
 */
import { Context, type Effect } from "effect"

export interface ViewersShape {
  /** Whether a window is attached now. */
  readonly watching: Effect.Effect<boolean>
}

export class Viewers extends Context.Tag("lich/git/Viewers")<Viewers, ViewersShape>() {}
