/**
 * The refusals every landing action shares, each one line a person can act on: a session in a turn
 * (its agent is writing the files being landed), a checkout with uncommitted work, a session with no
 * branch or no base to land on. What a refusal names is what to do next.
 */
import { Failed, Refused, type SessionGit } from "@lich/contract"
import { type Card, SessionStates } from "@lich/spawn"
import { Effect } from "effect"
import { GitFailed } from "./Git.js"

export const refuseRunningTurn = (card: Card, doing: string) =>
  Effect.gen(function* () {
    if ((yield* (yield* SessionStates).get(card.id)) === "busy") {
      return yield* new Refused({ message: `"${card.label}" is in a turn — wait for it to finish before you ${doing}` })
    }
  })

export const refuseDirty = (card: Card, s: SessionGit, doing: string) =>
  s.uncommitted.length > 0
    ? Effect.fail(
        new Refused({
          message: `"${card.label}" has uncommitted work (${s.uncommitted.length} file${s.uncommitted.length === 1 ? "" : "s"}) — commit or stash it before you ${doing}`
        })
      )
    : Effect.void

/** A branch with a base that still exists: what rebase and merge need. */
export const refuseNoBase = (card: Card, s: SessionGit, doing: string) => {
  if (!s.repository) return Effect.fail(new Refused({ message: `"${card.label}" is not in a git repository` }))
  if (s.base === "HEAD") {
    return Effect.fail(new Refused({ message: `"${card.label}" runs in the project's own checkout — it has no base to ${doing}` }))
  }
  if (s.branch === "") return Effect.fail(new Refused({ message: `"${card.label}" is on a detached HEAD — check out its branch first` }))
  if (s.baseGone) {
    return Effect.fail(new Refused({ message: `the base branch ${s.base} of "${card.label}" no longer exists — nothing to ${doing}` }))
  }
  return Effect.void
}

/** A git failure no action expected, as the one line the person reads. */
export const gitFailure = <A, E, R>(self: Effect.Effect<A, E | GitFailed, R>): Effect.Effect<A, Exclude<E, GitFailed> | Failed, R> =>
  Effect.catchIf(
    self,
    (e): e is GitFailed => e instanceof GitFailed,
    (e) => Effect.fail(new Failed({ message: `git ${e.args[0] ?? ""} failed: ${e.detail}` }))
  ) as Effect.Effect<A, Exclude<E, GitFailed> | Failed, R>
