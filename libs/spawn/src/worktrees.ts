/**
 * `worktrees`: a project's linked checkouts — name, whether they hold uncommitted work, and which
 * sessions are open in each. The project's own directory is not listed: every project has it and it
 * cannot be removed. A directory that is not a repository (or no git at all) has none, not an error.
 */

import * as nodePath from "node:path"
import { Checkout, Failed, type LichError } from "@lich/contract"
import type { ProjectRow } from "@lich/store"
import { Effect } from "effect"
import { isDirty } from "./close.js"
import type { Card } from "./view.js"
import { isRepository, listWorktrees } from "./worktree.js"

export const listCheckouts = (project: ProjectRow, cards: ReadonlyArray<Card>): Effect.Effect<ReadonlyArray<Checkout>, LichError> =>
  Effect.gen(function* () {
    // Not a repository (or no git at all): no worktrees is the answer, not an error.
    if (!(yield* isRepository(project.path))) return []
    // A repository git cannot list is a failure the person asked to see, not an empty list.
    const entries = yield* listWorktrees(project.path).pipe(
      Effect.mapError((e) => new Failed({ message: `listing the worktrees of "${project.name}" failed: ${e.detail}` }))
    )
    const linked = entries.filter((w) => !w.bare && w.path !== project.path)
    return yield* Effect.forEach(
      linked,
      (w) =>
        Effect.map(
          isDirty(w.path),
          (dirty) =>
            new Checkout({
              name: w.branch !== "" ? w.branch : nodePath.basename(w.path),
              path: w.path,
              dirty,
              sessions: cards.filter((c) => c.projectRow.id === project.id && c.dir === w.path).map((c) => c.label)
            })
        ),
      { concurrency: 4 }
    )
  })
