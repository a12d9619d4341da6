/**
 * The dock's landing actions, in the session's own checkout: commit its uncommitted work (a message
 * typed, or asked of its agent), rebase it onto its base, hand a conflicting rebase to its agent. A
 * rebase that conflicts is aborted before this returns — the branch is where it was and the
 * conflicted files are listed — so nothing is ever left half-done. Merging into the base is merge.ts.
 */

import * as fs from "node:fs"
import * as nodePath from "node:path"
import { Committed, Handed, Rebased, Refused } from "@lich/contract"
import { relayCalls } from "@lich/relay"
import { Duration, Effect } from "effect"
import { Changes } from "./Changes.js"
import { Git, NETWORK_TIMEOUT_MS } from "./Git.js"
import { gitFailure, refuseDirty, refuseNoBase, refuseRunningTurn } from "./guards.js"
import { handOver, outcomeOf } from "./handover.js"
import { fieldsOf } from "./parse.js"
import { commitMessageAsk, conflictTask } from "./prompts.js"

/** 120 s: an agent asked for a commit message answers in one short turn; past this a person types one. */
const MESSAGE_WAIT = Duration.seconds(120)

const refusedBy = (what: string) => (e: { detail: string }) => new Refused({ message: `${what}: ${e.detail}` })

const askMessage = (id: string, files: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const relay = yield* relayCalls
    const sent = yield* handOver(relay, id, commitMessageAsk(files))
    const got =
      sent.status === "pending"
        ? yield* outcomeOf(relay, sent.ticket).pipe(
            Effect.timeoutFail({
              duration: MESSAGE_WAIT,
              onTimeout: () => new Refused({ message: "the agent gave no commit message within 2 minutes — type one" })
            })
          )
        : sent
    const message = got.answer.trim()
    if (got.status !== "answered" || message === "") {
      return yield* new Refused({ message: `the agent did not answer with a commit message (${got.status}) — type one` })
    }
    return message
  })

export const commit = (id: string, typed: string) =>
  gitFailure(
    Effect.gen(function* () {
      const changes = yield* Changes
      const g = yield* Git
      const card = yield* changes.card(id)
      yield* refuseRunningTurn(card, "commit")
      const s = yield* changes.refresh(id)
      if (!s.repository) return yield* new Refused({ message: `"${card.label}" is not in a git repository` })
      if (s.uncommitted.length === 0) return yield* new Refused({ message: `"${card.label}" has nothing uncommitted to commit` })
      const message =
        typed.trim() !== ""
          ? typed.trim()
          : yield* askMessage(
              id,
              s.uncommitted.map((f) => f.path)
            )
      yield* g.run(s.dir, ["add", "-A"], { timeoutMs: NETWORK_TIMEOUT_MS }).pipe(Effect.mapError(refusedBy("git add failed")))
      yield* g
        .run(s.dir, ["commit", "-q", "-F", "-"], { input: message, timeoutMs: NETWORK_TIMEOUT_MS })
        .pipe(Effect.mapError(refusedBy("git commit failed")))
      const sha = (yield* g.text(s.dir, ["rev-parse", "HEAD"]).pipe(Effect.mapError(refusedBy("git rev-parse failed")))).trim()
      yield* changes.refresh(id)
      return new Committed({ id, sha, message, files: s.uncommitted.length })
    })
  )

/** The files a rebase stopped on, then the rebase undone: the branch back where it was. */
const abortRebase = (dir: string) =>
  Effect.gen(function* () {
    const g = yield* Git
    const conflicted = fieldsOf(yield* g.text(dir, ["diff", "--name-only", "--diff-filter=U", "-z"]).pipe(Effect.orElseSucceed(() => "")))
    yield* g
      .run(dir, ["rebase", "--abort"])
      .pipe(Effect.mapError(refusedBy("the rebase conflicted and git could not abort it — run git rebase --abort in the checkout")))
    return conflicted
  })

export const rebase = (id: string) =>
  gitFailure(
    Effect.gen(function* () {
      const changes = yield* Changes
      const g = yield* Git
      const card = yield* changes.card(id)
      yield* refuseRunningTurn(card, "rebase it")
      const s = yield* changes.refresh(id)
      yield* refuseNoBase(card, s, "rebase onto")
      yield* refuseDirty(card, s, "rebase it")
      const ran = yield* Effect.either(g.run(s.dir, ["rebase", "--no-autostash", s.base], { timeoutMs: NETWORK_TIMEOUT_MS }))
      if (ran._tag === "Left") {
        const stopped = yield* g.text(s.dir, ["rev-parse", "--git-path", "rebase-merge"]).pipe(Effect.orElseSucceed(() => ""))
        const inProgress = stopped.trim() !== "" && fs.existsSync(nodePath.resolve(s.dir, stopped.trim()))
        if (!inProgress) return yield* new Refused({ message: `git rebase failed: ${ran.left.detail}` })
        const conflicted = yield* abortRebase(s.dir)
        const after = yield* changes.refresh(id)
        return new Rebased({ id, onto: s.base, rebased: false, head: after.head, conflicted })
      }
      const after = yield* changes.refresh(id)
      return new Rebased({ id, onto: s.base, rebased: true, head: after.head, conflicted: [] })
    })
  )

/** Hands the agent the rebase as a task naming the files that would conflict (read without a checkout). */
export const sendConflicts = (id: string) =>
  gitFailure(
    Effect.gen(function* () {
      const changes = yield* Changes
      const card = yield* changes.card(id)
      const s = yield* changes.refresh(id)
      yield* refuseNoBase(card, s, "rebase onto")
      const files = s.standing?.conflicted ?? []
      if (files.length === 0) {
        return yield* new Refused({ message: `rebasing "${card.label}" onto ${s.base} would not conflict — rebase it from the dock` })
      }
      const sent = yield* handOver(yield* relayCalls, id, conflictTask({ base: s.base, branch: s.branch, files }))
      return new Handed({ id, label: card.label, ticket: sent.ticket })
    })
  )
