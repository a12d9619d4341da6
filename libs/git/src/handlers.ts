/**
 * The `git.` group, served by this lib: each procedure one line into the service that owns it. The
 * server only merges this layer (apps/server/src/layers.ts).
 */
import { GitRpcs, Refused } from "@lich/contract"
import type { RelayCalls } from "@lich/relay"
import type { SessionStates } from "@lich/spawn"
import type { Settings } from "@lich/store"
import { Clock, Effect } from "effect"
import { Changes } from "./Changes.js"
import { changeIn, fileDiff } from "./diff.js"
import { Git } from "./Git.js"
import { commit, rebase, sendConflicts } from "./land.js"
import { merge } from "./merge.js"
import { noteOverlap } from "./notes.js"
import { Prs } from "./Prs.js"
import { ReviewService } from "./Review.js"

const gitFailed = (e: { detail: string }) => new Refused({ message: `git could not read it: ${e.detail}` })

export const GitHandlers = GitRpcs.toLayer(
  Effect.gen(function* () {
    const changes = yield* Changes
    const g = yield* Git
    const review = yield* ReviewService
    const prs = yield* Prs
    const ctx = yield* Effect.context<Changes | RelayCalls | Git | SessionStates | Settings>()
    return {
      "git.Changes": ({ id }) => changes.get(id),
      "git.All": () => changes.all(),
      // The PR is asked of gh apart: a slow GitHub must not hold the checkout's read.
      "git.Refresh": ({ id }) => Effect.tap(changes.refresh(id), () => Effect.forkDaemon(Effect.ignore(prs.refresh(id)))),
      "git.Diff": ({ id, path, section }) =>
        Effect.gen(function* () {
          let s = yield* changes.get(id)
          // Changed since the last read (the read is debounced): read once more before refusing.
          if (changeIn(s, path, section) === undefined) s = yield* changes.refresh(id)
          const change = changeIn(s, path, section)
          if (change === undefined) {
            const label = (yield* changes.card(id)).label
            return yield* new Refused({ message: `"${path}" has no ${section} change in "${label}"` })
          }
          return yield* fileDiff(g, s, change, section, yield* Clock.currentTimeMillis).pipe(Effect.mapError(gitFailed))
        }),
      "git.Review": ({ id }) => review.state(id),
      "git.Comment": (p) => review.comment(p),
      "git.EditComment": ({ commentId, text }) => review.edit(commentId, text),
      "git.DropComment": ({ commentId }) => review.drop(commentId),
      "git.SendReview": ({ id }) => review.send(id),
      "git.AskReview": ({ id, reviewer, kind }) => review.ask(id, reviewer, kind),
      "git.NoteOverlap": ({ id, other }) => Effect.provide(noteOverlap(id, other), ctx),
      "git.Commit": ({ id, message }) => Effect.provide(commit(id, message), ctx),
      "git.Rebase": ({ id }) => Effect.provide(rebase(id), ctx),
      "git.SendConflicts": ({ id }) => Effect.provide(sendConflicts(id), ctx),
      "git.Merge": ({ id, mode }) => Effect.provide(merge(id, mode), ctx),
      "git.Gh": () => prs.status(),
      "git.PrDraft": ({ id }) => prs.draft(id),
      "git.OpenPr": ({ id, title, body, draft }) => prs.open(id, title, body, draft),
      "git.SendChecks": ({ id }) => prs.sendChecks(id),
      "git.PrList": ({ project }) => prs.list(project),
      "git.CheckoutPr": ({ project, number, kind }) => prs.checkout(project, number, kind)
    }
  })
)
