/**
 * insert and focus: the two relay commands that carry no errand. insert pastes text at a prompt and
 * leaves it there (no Enter) — the person at that session writes the question around it; focus asks
 * the window to open a card, and opens a window when none is attached.
 */
import { Failed, Focused, type FocusPayload, Inserted, type InsertPayload, MAX_ANSWER_BYTES, Refused, utf8Bytes } from "@lich/contract"
import type { Workspace } from "@lich/spawn"
import type { Projects } from "@lich/store"
import type { Terminals } from "@lich/terminal"
import { Duration, Effect } from "effect"
import type { Core } from "./core.js"
import { cleanInsert } from "./sanitize.js"
import { findLive, insertTarget, liveCards } from "./targets.js"
import type { WindowOpener } from "./WindowOpener.js"

/** 10 s: long enough for a session that is still starting to reach its prompt. */
export const DEFAULT_INSERT_WAIT_SECONDS = 10

interface Deps {
  readonly ws: Workspace["Type"]
  readonly projects: Projects["Type"]
  readonly terminals: Terminals["Type"]
  readonly core: Core
  readonly window: WindowOpener["Type"]
}

export const makeExtras = ({ ws, projects, terminals, core, window }: Deps) =>
  Effect.sync(() => {
    const insert = (p: InsertPayload) =>
      Effect.gen(function* () {
        const text = yield* cleanInsert(p.text)
        const cards = (yield* liveCards(ws, terminals)).filter((c) => c.id !== p.from || p.session !== "")
        const me = yield* ws.caller(p.from)
        const target = yield* insertTarget(cards, p.session, p.project, me)
        const state = yield* core.locked((s) => s.turn.get(target.id))
        const readiness = yield* terminals.readiness(target.id)
        if (readiness.settingUp) {
          return yield* new Refused({
            message: `"${target.label}" is still running its worktree setup script — nothing is at its prompt yet; try again once it is done`
          })
        }
        if (readiness.reported === "waiting" && state === "busy") {
          return yield* new Refused({
            message: `"${target.label}" is waiting on a permission prompt — what is typed there is read by the dialog, not the prompt`
          })
        }
        // A half-written line is not a reason to wait: the text goes after it, where it was meant to go.
        const seconds = p.timeout > 0 ? p.timeout : DEFAULT_INSERT_WAIT_SECONDS
        if (!readiness.drafting) {
          const ready = yield* terminals.awaitReady(target.id, Duration.seconds(seconds))
          if (!ready) {
            return yield* new Refused({ message: `"${target.label}" did not reach its prompt within ${seconds} s — nothing was inserted` })
          }
        }
        yield* terminals
          .typeMessage(target.id, text, { enter: false, maxBytes: MAX_ANSWER_BYTES })
          .pipe(Effect.mapError((e) => new Refused({ message: `nothing was inserted: ${e.message}` })))
        return new Inserted({ id: target.id, label: target.label, project: target.project, kind: target.row.kind, bytes: utf8Bytes(text) })
      })

    const focus = (p: FocusPayload) =>
      Effect.gen(function* () {
        const cards = yield* liveCards(ws, terminals)
        const target = yield* findLive(cards, p.target, p.project)
        // As clicking the card does: the project's active card moves, so a window opened now lands on it.
        yield* Effect.ignore(projects.setActive(target.projectRow.id, target.id))
        yield* core.hub.publish({ _tag: "session-focus", id: target.id, projectId: target.projectRow.id })
        // The card is switched either way; with no window attached, one is opened already on it.
        if ((yield* window.attached) === 0) {
          yield* window.open.pipe(
            Effect.mapError((e) => new Failed({ message: `"${target.label}" is focused, but no window could be opened: ${e.message}` }))
          )
        }
        return new Focused({ id: target.id, label: target.label, project: target.project })
      })

    return { insert, focus }
  })
