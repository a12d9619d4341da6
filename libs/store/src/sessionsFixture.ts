/**
 * What the Sessions tests start from: an empty store with two projects open (p, then q), so each
 * test writes only the rows it is about. Test-only; not exported from the package.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { Projects } from "./Projects.js"
import type { NewSession } from "./SessionRow.js"
import { Sessions, type SessionsShape } from "./Sessions.js"
import type { StoreServices } from "./Store.js"
import { withStore } from "./testStore.js"

export const project = (path: string) =>
  Effect.flatMap(Projects, (projects) => projects.openByPath(path)).pipe(Effect.map(({ project }) => project.id))

export const add = (row: NewSession) => Effect.flatMap(Sessions, (sessions) => sessions.insert(row))

/** Cards whose id is their label, in the order given. */
export const addCards = (projectId: string, ...ids: ReadonlyArray<string>) =>
  Effect.forEach(ids, (id) => add({ id, projectId, label: id }), { discard: true })

export const labels = (rows: ReadonlyArray<{ readonly label: string }>) => rows.map((row) => row.label)

export interface SessionsWorld {
  readonly sessions: SessionsShape
  /** The project at /src/p, opened first (the first tab). */
  readonly p: string
  /** The project at /src/q, opened second. */
  readonly q: string
}

/** Runs `body` against its own empty database with /src/p and /src/q open. */
export const withSessions = <A, E>(body: (w: SessionsWorld) => Effect.Effect<A, E, StoreServices | SqlClient.SqlClient>) =>
  withStore(
    Effect.gen(function* () {
      const sessions = yield* Sessions
      const p = yield* project("/src/p")
      const q = yield* project("/src/q")
      return yield* body({ sessions, p, q })
    })
  )
