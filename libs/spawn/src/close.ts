/**
 * `close`: every close parks the row (the conversation stays resumable and findable) except removing
 * a worktree, which deletes the checkout, its row and every parked row at that path. The checkout's
 * last session must say which (`--worktree keep|remove`): the window asks in a dialog, and there is
 * nobody here to ask. Uncommitted work is never discarded without --force.
 */
import { Closed, Failed, Refused, type LichError } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Projects, Sessions, WorktreePorts } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Effect } from "effect"
import * as fs from "node:fs"
import { storeFailure } from "./failures.js"
import { git } from "./git.js"
import { ServerConfig } from "./ServerConfig.js"
import { SessionStates } from "./SessionStates.js"
import type { Card } from "./view.js"
import { discardCheckout } from "./worktree.js"

export interface ClosePayload {
  readonly from: string
  readonly target: string
  readonly project: string
  readonly worktree: "" | "keep" | "remove"
  readonly force: boolean
}

interface Deps {
  readonly cards: () => Effect.Effect<ReadonlyArray<Card>, LichError>
  readonly findCard: (target: string, project: string) => Effect.Effect<Card, LichError>
}

/** Uncommitted work: anything `git status --porcelain` reports (untracked included, ignored not). */
export const isDirty = (dir: string) =>
  git(dir, ["status", "--porcelain"]).pipe(
    Effect.map((s) => s.trim() !== ""),
    // A checkout git cannot read is not one with work in it to protect.
    Effect.orElseSucceed(() => false)
  )

export const makeClose = (deps: Deps) =>
  Effect.gen(function* () {
    const projects = yield* Projects
    const sessions = yield* Sessions
    const terminals = yield* Terminals
    const states = yield* SessionStates
    const hub = yield* EventHub
    const ports = yield* WorktreePorts
    const config = yield* ServerConfig

    const nextActive = (closed: Card) =>
      Effect.gen(function* () {
        if (closed.projectRow.activeSessionId !== closed.id) return closed.projectRow.activeSessionId
        const siblings = (yield* deps.cards()).filter((c) => c.projectRow.id === closed.projectRow.id && c.id !== closed.id)
        const after = siblings.find((c) => c.row.position > closed.row.position) ?? siblings.at(-1)
        const active = after?.id ?? ""
        yield* storeFailure(projects.setActive(closed.projectRow.id, active))
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

    const remove = (card: Card, force: boolean) =>
      Effect.gen(function* () {
        yield* storeFailure(sessions.deleteAtPath(card.projectRow.id, card.row.path))
        const removed = yield* git(card.projectPath, ["worktree", "remove", ...(force ? ["--force"] : []), "--", card.dir]).pipe(
          Effect.either
        )
        if (removed._tag === "Left") {
          return yield* new Failed({
            message: `closed "${card.label}", but git did not remove its worktree ${card.dir}: ${removed.left.detail}`
          })
        }
        yield* discardCheckout(card.projectPath, `${config.dataDir}/worktrees`, {
          path: card.dir,
          branch: card.row.branch,
          fresh: false,
          createdBranch: false
        })
        yield* storeFailure(ports.prune((path) => Effect.sync(() => fs.existsSync(path))))
      })

    return (p: ClosePayload) =>
      Effect.gen(function* () {
        const card = yield* deps.findCard(p.target, p.project)
        if (card.id === p.from) {
          return yield* new Refused({
            message: `"${card.label}" is this session — closing it would take down the agent asking for it`
          })
        }
        const sharing = (yield* deps.cards()).filter((c) => c.id !== card.id && c.dir === card.dir)
        const inWorktree = card.row.path !== "" && card.row.path !== card.projectPath
        const last = inWorktree && sharing.length === 0
        yield* refuseFlags(card, p, inWorktree, last)
        yield* terminals.close(card.id)
        yield* states.clear(card.id)
        const removing = last && p.worktree === "remove"
        const activeId = yield* nextActive(card)
        // The card goes first: whatever git says next, this session is closed.
        if (!removing) yield* storeFailure(sessions.park(card.id))
        yield* hub.publish({ _tag: "session-closed", id: card.id, projectId: card.projectRow.id, activeId })
        if (removing) yield* remove(card, p.force)
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
  })
