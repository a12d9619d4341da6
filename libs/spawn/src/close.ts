/**
 * `close`: every close parks the row (the conversation stays resumable and findable) except removing
 * a worktree, which deletes the checkout, its row and every parked row at that path. The checkout's
 * last session must say which (`--worktree keep|remove`): the window asks in a dialog, and there is
 * nobody here to ask. Uncommitted work is never discarded without --force.
 */

import * as fs from "node:fs"
import { Closed, type ClosePayload, Failed, type LichError, Refused } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Projects, Sessions, WorktreePorts } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Effect } from "effect"
import { storeFailure } from "./failures.js"
import { git, noRepositoryAt } from "./git.js"
import { ServerConfig } from "./ServerConfig.js"
import { SessionStates } from "./SessionStates.js"
import type { Card } from "./view.js"
import { discardCheckout } from "./worktree.js"

interface Deps {
  readonly cards: () => Effect.Effect<ReadonlyArray<Card>, LichError>
  readonly findCard: (target: string, project: string) => Effect.Effect<Card, LichError>
}

const services = Effect.all({
  projects: Projects,
  sessions: Sessions,
  terminals: Terminals,
  states: SessionStates,
  hub: EventHub,
  ports: WorktreePorts,
  config: ServerConfig
})

type CloseDeps = Deps & Effect.Effect.Success<typeof services>

/**
 * Uncommitted work: anything `git status --porcelain` reports (untracked included, ignored not).
 * A checkout whose directory is gone, or that git no longer takes for a work tree, holds nothing
 * git would lose: false is the right answer there. Any other failure (a timeout, a broken index)
 * says nothing about the work in it, so it goes up: a remove must not guess "clean".
 */
export const isDirty = (dir: string) =>
  git(dir, ["status", "--porcelain"]).pipe(
    Effect.map((s) => s.trim() !== ""),
    Effect.catchTag("GitError", (e) =>
      noRepositoryAt(dir, e)
        ? Effect.succeed(false)
        : Effect.fail(new Failed({ message: `could not tell whether ${dir} holds uncommitted work: ${e.detail}` }))
    )
  )

const nextActive = (d: CloseDeps, closed: Card) =>
  Effect.gen(function* () {
    if (closed.projectRow.activeSessionId !== closed.id) return closed.projectRow.activeSessionId
    const siblings = (yield* d.cards()).filter((c) => c.projectRow.id === closed.projectRow.id && c.id !== closed.id)
    const after = siblings.find((c) => c.row.position > closed.row.position) ?? siblings.at(-1)
    const active = after?.id ?? ""
    yield* storeFailure(d.projects.setActive(closed.projectRow.id, active))
    return active
  })

const refuseFlags = (card: Card, p: ClosePayload, inWorktree: boolean, last: boolean) =>
  Effect.gen(function* () {
    if (!last && p.worktree !== "") {
      return yield* new Refused({
        message: `--worktree is only for a checkout's last session, and "${card.label}" ${inWorktree ? "shares its checkout with another session" : "runs in the project's own directory"} — close it without the flag`
      })
    }
    if (last && p.worktree === "") {
      return yield* new Refused({
        message: `"${card.label}" is the last session in worktree ${card.dir} — say what happens to it: --worktree keep (keep the checkout and park the session) or --worktree remove (delete the checkout)`
      })
    }
    if (last && p.worktree === "remove" && !p.force && (yield* isDirty(card.dir))) {
      return yield* new Refused({
        message: `worktree ${card.dir} has uncommitted work — commit it (or stash it), or pass --force to discard it with the checkout`
      })
    }
  })

const remove = (d: CloseDeps, card: Card, force: boolean) =>
  Effect.gen(function* () {
    yield* storeFailure(d.sessions.deleteAtPath(card.projectRow.id, card.row.path))
    const removed = yield* git(card.projectPath, ["worktree", "remove", ...(force ? ["--force"] : []), "--", card.dir]).pipe(Effect.either)
    if (removed._tag === "Left") {
      return yield* new Failed({
        message: `closed "${card.label}", but git did not remove its worktree ${card.dir}: ${removed.left.detail}`
      })
    }
    yield* discardCheckout(card.projectPath, `${d.config.dataDir}/worktrees`, {
      path: card.dir,
      branch: card.row.branch,
      fresh: false,
      createdBranch: false,
      base: card.row.base,
      baseSha: card.row.baseSha
    })
    yield* storeFailure(d.ports.prune((path) => Effect.sync(() => fs.existsSync(path))))
  })

const close = (d: CloseDeps, p: ClosePayload) =>
  Effect.gen(function* () {
    const card = yield* d.findCard(p.target, p.project)
    if (card.id === p.from) {
      return yield* new Refused({ message: `"${card.label}" is this session — closing it would take down the agent asking for it` })
    }
    const sharing = (yield* d.cards()).filter((c) => c.id !== card.id && c.dir === card.dir)
    const inWorktree = card.row.path !== "" && card.row.path !== card.projectPath
    const last = inWorktree && sharing.length === 0
    yield* refuseFlags(card, p, inWorktree, last)
    yield* d.terminals.close(card.id)
    yield* d.states.clear(card.id)
    const removing = last && p.worktree === "remove"
    const activeId = yield* nextActive(d, card)
    // The card goes first: whatever git says next, this session is closed.
    if (!removing) yield* storeFailure(d.sessions.park(card.id))
    yield* d.hub.publish({ _tag: "session-closed", id: card.id, projectId: card.projectRow.id, activeId })
    if (removing) yield* remove(d, card, p.force)
    return new Closed({
      id: card.id,
      projectId: card.projectRow.id,
      project: card.project,
      label: card.label,
      worktree: inWorktree ? card.dir : "",
      kept: last && !removing,
      removed: removing
    })
  })

export const makeClose = (deps: Deps) =>
  Effect.map(services, (s) => {
    const d: CloseDeps = { ...deps, ...s }
    return (p: ClosePayload) => close(d, p)
  })
