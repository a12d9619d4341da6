/**
 * `system.State`: the window's picture on load — tabs, open cards with their live flag and last
 * reported state. Everything after load arrives on `/events`; this is read once per page load.
 */
import { CardState, Failed, ProjectTab, WindowState } from "@lich/contract"
import { SessionStates, sessionOf, Workspace } from "@lich/spawn"
import { Projects } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Effect } from "effect"

export const windowState = Effect.gen(function* () {
  const workspace = yield* Workspace
  const terminals = yield* Terminals
  const states = yield* SessionStates
  const store = yield* Projects
  return Effect.gen(function* () {
    const cards = yield* workspace.cards()
    const live = new Set(yield* terminals.liveIds())
    // Every open project is a tab, a project whose last card was closed included.
    const open = yield* store.listOpen().pipe(Effect.mapError((e) => new Failed({ message: `could not read the projects: ${e.message}` })))
    const projects = open.map((p) => new ProjectTab({ id: p.id, name: p.name, path: p.path, activeId: p.activeSessionId }))
    const withState = yield* Effect.forEach(cards, (c) =>
      Effect.map(
        states.get(c.id),
        (state) =>
          new CardState({
            session: sessionOf(c, c.projectRow.nextSeq),
            live: live.has(c.id),
            state,
            branch: c.row.branch,
            color: c.row.color
          })
      )
    )
    return new WindowState({ projects, cards: withState })
  }).pipe(Effect.withSpan("system.State"))
})
