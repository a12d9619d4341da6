/**
 * What the window's History and "recent projects" read: every project lich ever held, with when it
 * was last used, and the parked sessions (closed with their conversation kept). Read-only; parking
 * and unparking stay with Sessions, opening and closing with Projects.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Context, Effect, Layer } from "effect"
import { fromRecord, type SessionRecord, type SessionRow } from "./SessionRow.js"
import type { StoreError } from "./StoreError.js"
import { StoreHealth } from "./StoreHealth.js"

export interface ProjectUse {
  readonly id: string
  readonly name: string
  readonly path: string
  readonly isOpen: boolean
  /** the latest of its creation and its sessions' activity, parking and birth */
  readonly usedAt: number
}

export interface HistoryShape {
  /** Every project, most recently used first. */
  readonly projects: () => Effect.Effect<ReadonlyArray<ProjectUse>, StoreError>
  /** Parked sessions of one project ("" = all), most recently parked first. */
  readonly parked: (projectId: string) => Effect.Effect<ReadonlyArray<SessionRow>, StoreError>
  /** The values stored in one scope only ("" = global), without the other's fallback. */
  readonly settingsIn: (projectId: string) => Effect.Effect<ReadonlyMap<string, string>, StoreError>
}

/** 200: more than anyone scrolls through; History is a recent list, not an archive browser. */
const MAX_PARKED = 200

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // Every call asks the store's health first: a deleted database file is noticed, never written into.
  const storeErrors = (yield* StoreHealth).errors

  const projects = Effect.fn("History.projects")(function* () {
    const rows = yield* sql<{ id: string; name: string; path: string; is_open: number; used_at: number }>`
      SELECT p.id, p.name, p.path, p.is_open,
        MAX(p.created_at, COALESCE(MAX(s.activity_at), 0), COALESCE(MAX(s.parked_at), 0), COALESCE(MAX(s.created_at), 0)) AS used_at
      FROM projects p LEFT JOIN sessions s ON s.project_id = p.id
      GROUP BY p.id ORDER BY used_at DESC, p.rowid DESC`
    return rows.map((r) => ({ id: r.id, name: r.name, path: r.path, isOpen: r.is_open === 1, usedAt: r.used_at }))
  }, storeErrors("History.projects"))

  const parked = Effect.fn("History.parked")(function* (projectId: string) {
    const scope = projectId === "" ? sql.literal("") : sql`AND project_id = ${projectId}`
    const rows = yield* sql<SessionRecord>`
      SELECT * FROM sessions WHERE is_open = 0 ${scope} ORDER BY parked_at DESC, rowid DESC LIMIT ${MAX_PARKED}`
    return rows.map(fromRecord)
  }, storeErrors("History.parked"))

  const settingsIn = Effect.fn("History.settingsIn")(function* (projectId: string) {
    const rows = yield* sql<{ key: string; value: string }>`SELECT key, value FROM settings WHERE project_id = ${projectId}`
    return new Map(rows.map((r) => [r.key, r.value]))
  }, storeErrors("History.settingsIn"))

  return History.of({ projects, parked, settingsIn })
})

export class History extends Context.Tag("lich/store/History")<History, HistoryShape>() {
  static readonly layer: Layer.Layer<History, never, SqlClient.SqlClient | StoreHealth> = Layer.effect(History, make)
}
