/**
 * Sessions: the cards, open and parked. A close parks a row rather than deleting it wherever the
 * conversation may be resumed; only removing a worktree deletes, and then every row at that path.
 *
 * Folders are not a table: a folder is a name written on each session filed under it, so one with
 * no session does not exist, renaming is one UPDATE, and renaming onto a taken name merges. Labels
 * are not unique in the schema — the window allows duplicates — so `labelTaken` is the check the
 * CLI's rename and open make before writing.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Array as Arr, Clock, Context, Effect, Layer, Option } from "effect"
import { cachedRead } from "./generations.js"
import { sameName } from "./Projects.js"
import { type RepoDeps, repoDeps } from "./repoDeps.js"
import { fromRecord, type NewSession, type SessionRecord, type SessionRow, toRecord } from "./SessionRow.js"
import type { StoreError } from "./StoreError.js"
import type { StoreHealth } from "./StoreHealth.js"

/** A sidebar folder and the labels of the open sessions filed under it, in card order. */
export interface FolderEntry {
  readonly name: string
  readonly sessions: ReadonlyArray<string>
}

export interface SessionsShape {
  /** Writes a new row; position defaults to after the project's last card, times to now. */
  readonly insert: (row: NewSession) => Effect.Effect<SessionRow, StoreError>
  readonly get: (id: string) => Effect.Effect<Option.Option<SessionRow>, StoreError>
  /** Open sessions of open projects, in tab then card order. */
  readonly listOpen: () => Effect.Effect<ReadonlyArray<SessionRow>, StoreError>
  readonly listByProject: (
    projectId: string,
    options?: { readonly includeParked?: boolean }
  ) => Effect.Effect<ReadonlyArray<SessionRow>, StoreError>
  /** A user's rename: the label stops following the provider's auto-title. */
  readonly rename: (id: string, label: string) => Effect.Effect<boolean, StoreError>
  /** The provider's title; applied only while the label is still automatic. */
  readonly setAutoTitle: (id: string, title: string) => Effect.Effect<boolean, StoreError>
  readonly park: (id: string) => Effect.Effect<boolean, StoreError>
  readonly unpark: (id: string) => Effect.Effect<boolean, StoreError>
  readonly delete: (id: string) => Effect.Effect<boolean, StoreError>
  /** Deletes every row at that checkout, parked included; returns their ids. */
  readonly deleteAtPath: (projectId: string, path: string) => Effect.Effect<ReadonlyArray<string>, StoreError>
  /** The most recently parked row at that checkout: what reopening a kept worktree resumes. */
  readonly findParkedAtPath: (projectId: string, path: string) => Effect.Effect<Option.Option<SessionRow>, StoreError>
  /** Files the session under `folder` ("" unfiles it); returns the folder it left, None if no such row. */
  readonly setFolder: (id: string, folder: string) => Effect.Effect<Option.Option<string>, StoreError>
  /** Moves every row filed under `from`, parked too; returns the labels of the open ones moved, in card order. */
  readonly renameFolder: (projectId: string, from: string, to: string) => Effect.Effect<ReadonlyArray<string>, StoreError>
  /** Paints every row filed under `folder`, parked too; returns the labels of the open ones painted. */
  readonly setColorForFolder: (projectId: string, folder: string, color: string) => Effect.Effect<ReadonlyArray<string>, StoreError>
  /** Folders of the project's open sessions, in the order the sidebar draws them (by first card). */
  readonly folders: (projectId: string) => Effect.Effect<ReadonlyArray<FolderEntry>, StoreError>
  readonly setProviderSessionId: (id: string, providerSessionId: string) => Effect.Effect<boolean, StoreError>
  readonly touchActivity: (id: string, at: number) => Effect.Effect<boolean, StoreError>
  /** Whether another open session of the project carries `label`, case-insensitively. */
  readonly labelTaken: (projectId: string, label: string, exceptId?: string) => Effect.Effect<boolean, StoreError>
}

/** Groups card-ordered rows by folder, folders in order of their first card. */
export const groupFolders = (rows: ReadonlyArray<Pick<SessionRow, "folder" | "label">>): ReadonlyArray<FolderEntry> => {
  const byName = new Map<string, Array<string>>()
  for (const row of rows) {
    if (row.folder === "") continue
    const labels = byName.get(row.folder)
    if (labels === undefined) byName.set(row.folder, [row.label])
    else labels.push(row.label)
  }
  return Array.from(byName, ([name, sessions]) => ({ name, sessions }))
}

const one = (rows: ReadonlyArray<SessionRecord>) => Option.map(Arr.head(rows), fromRecord)
const touched = (rows: ReadonlyArray<unknown>) => rows.length > 0
const labelsOf = (rows: ReadonlyArray<{ readonly label: string }>) => rows.map((row) => row.label)

const insert = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.insert")(
    function* (row: NewSession) {
      const now = yield* Clock.currentTimeMillis
      const [last] = yield* sql<{ readonly next: number }>`
      SELECT COALESCE(MAX(position) + 1, 0) AS next FROM sessions WHERE project_id = ${row.projectId}`
      const record = toRecord(row, { now, position: last?.next ?? 0 })
      const rows = yield* sql<SessionRecord>`INSERT INTO sessions ${sql.insert({ ...record })} RETURNING *`
      return fromRecord(rows[0]!)
    },
    (effect) => sql.withTransaction(effect),
    storeErrors("Sessions.insert")
  )

const get = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.get")(function* (id: string) {
    return one(yield* sql<SessionRecord>`SELECT * FROM sessions WHERE id = ${id}`)
  }, storeErrors("Sessions.get"))

// Kept in memory between writes (generations.ts): every relay hand-off reads it several times.
const listOpen = ({ sql, storeErrors }: RepoDeps) => {
  const read = cachedRead(
    sql,
    ["sessions"],
    Effect.map(
      sql<SessionRecord>`
      SELECT s.* FROM sessions s JOIN projects p ON p.id = s.project_id
      WHERE s.is_open = 1 AND p.is_open = 1
      ORDER BY p.position, p.rowid, s.position, s.rowid`,
      (rows): ReadonlyArray<SessionRow> => rows.map(fromRecord)
    )
  )
  return Effect.fn("Sessions.listOpen")(function* () {
    return yield* read
  }, storeErrors("Sessions.listOpen"))
}

const listByProject = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.listByProject")(function* (projectId: string, options?: { readonly includeParked?: boolean }) {
    const openOnly = sql.literal(options?.includeParked === true ? "" : "AND is_open = 1")
    const rows = yield* sql<SessionRecord>`
      SELECT * FROM sessions WHERE project_id = ${projectId} ${openOnly} ORDER BY position, rowid`
    return rows.map(fromRecord)
  }, storeErrors("Sessions.listByProject"))

const rename = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.rename")(function* (id: string, label: string) {
    return touched(yield* sql`UPDATE sessions SET label = ${label}, label_auto = 0 WHERE id = ${id} RETURNING id`)
  }, storeErrors("Sessions.rename"))

const setAutoTitle = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.setAutoTitle")(function* (id: string, title: string) {
    return touched(yield* sql`UPDATE sessions SET label = ${title} WHERE id = ${id} AND label_auto = 1 RETURNING id`)
  }, storeErrors("Sessions.setAutoTitle"))

const park = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.park")(function* (id: string) {
    const now = yield* Clock.currentTimeMillis
    return touched(yield* sql`UPDATE sessions SET is_open = 0, parked_at = ${now} WHERE id = ${id} RETURNING id`)
  }, storeErrors("Sessions.park"))

const unpark = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.unpark")(function* (id: string) {
    return touched(yield* sql`UPDATE sessions SET is_open = 1, parked_at = 0 WHERE id = ${id} RETURNING id`)
  }, storeErrors("Sessions.unpark"))

const remove = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.delete")(function* (id: string) {
    return touched(yield* sql`DELETE FROM sessions WHERE id = ${id} RETURNING id`)
  }, storeErrors("Sessions.delete"))

const deleteAtPath = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.deleteAtPath")(function* (projectId: string, path: string) {
    const rows = yield* sql<{ readonly id: string }>`
      DELETE FROM sessions WHERE project_id = ${projectId} AND path = ${path} RETURNING id`
    return rows.map((row) => row.id)
  }, storeErrors("Sessions.deleteAtPath"))

const findParkedAtPath = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.findParkedAtPath")(function* (projectId: string, path: string) {
    return one(
      yield* sql<SessionRecord>`
        SELECT * FROM sessions WHERE project_id = ${projectId} AND path = ${path} AND is_open = 0
        ORDER BY parked_at DESC, rowid DESC LIMIT 1`
    )
  }, storeErrors("Sessions.findParkedAtPath"))

const setFolder = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.setFolder")(
    function* (id: string, folder: string) {
      const [before] = yield* sql<{ readonly folder: string }>`SELECT folder FROM sessions WHERE id = ${id}`
      if (before === undefined) return Option.none<string>()
      yield* sql`UPDATE sessions SET folder = ${folder} WHERE id = ${id}`
      return Option.some(before.folder)
    },
    (effect) => sql.withTransaction(effect),
    storeErrors("Sessions.setFolder")
  )

// The open labels are read before the write, inside the same transaction: after it, the moved
// rows can no longer be told apart from the ones already filed under `to` (a merge).
const openLabelsIn = (sql: SqlClient.SqlClient, projectId: string, folder: string) =>
  Effect.map(
    sql<{ readonly label: string }>`
      SELECT label FROM sessions WHERE project_id = ${projectId} AND folder = ${folder} AND is_open = 1
      ORDER BY position, rowid`,
    labelsOf
  )

const renameFolder = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.renameFolder")(
    function* (projectId: string, from: string, to: string) {
      const moved = yield* openLabelsIn(sql, projectId, from)
      yield* sql`UPDATE sessions SET folder = ${to} WHERE project_id = ${projectId} AND folder = ${from}`
      return moved
    },
    (effect) => sql.withTransaction(effect),
    storeErrors("Sessions.renameFolder")
  )

const setColorForFolder = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.setColorForFolder")(
    function* (projectId: string, folder: string, color: string) {
      yield* sql`UPDATE sessions SET color = ${color} WHERE project_id = ${projectId} AND folder = ${folder}`
      return yield* openLabelsIn(sql, projectId, folder)
    },
    (effect) => sql.withTransaction(effect),
    storeErrors("Sessions.setColorForFolder")
  )

const folders = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.folders")(function* (projectId: string) {
    const rows = yield* sql<{ readonly folder: string; readonly label: string }>`
      SELECT folder, label FROM sessions WHERE project_id = ${projectId} AND is_open = 1 AND folder <> ''
      ORDER BY position, rowid`
    return groupFolders(rows)
  }, storeErrors("Sessions.folders"))

const setProviderSessionId = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.setProviderSessionId")(function* (id: string, providerSessionId: string) {
    return touched(yield* sql`UPDATE sessions SET provider_session_id = ${providerSessionId} WHERE id = ${id} RETURNING id`)
  }, storeErrors("Sessions.setProviderSessionId"))

const touchActivity = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.touchActivity")(function* (id: string, at: number) {
    return touched(yield* sql`UPDATE sessions SET activity_at = ${at} WHERE id = ${id} RETURNING id`)
  }, storeErrors("Sessions.touchActivity"))

// Compared in JS, not SQL: SQLite's NOCASE folds ASCII only, and a project holds few rows.
const labelTaken = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Sessions.labelTaken")(function* (projectId: string, label: string, exceptId?: string) {
    const rows = yield* sql<{ readonly id: string; readonly label: string }>`
      SELECT id, label FROM sessions WHERE project_id = ${projectId} AND is_open = 1`
    return rows.some((row) => row.id !== exceptId && sameName(row.label, label))
  }, storeErrors("Sessions.labelTaken"))

const make = Effect.map(repoDeps, (d) =>
  Sessions.of({
    insert: insert(d),
    get: get(d),
    listOpen: listOpen(d),
    listByProject: listByProject(d),
    rename: rename(d),
    setAutoTitle: setAutoTitle(d),
    park: park(d),
    unpark: unpark(d),
    delete: remove(d),
    deleteAtPath: deleteAtPath(d),
    findParkedAtPath: findParkedAtPath(d),
    setFolder: setFolder(d),
    renameFolder: renameFolder(d),
    setColorForFolder: setColorForFolder(d),
    folders: folders(d),
    setProviderSessionId: setProviderSessionId(d),
    touchActivity: touchActivity(d),
    labelTaken: labelTaken(d)
  })
)

export class Sessions extends Context.Tag("lich/store/Sessions")<Sessions, SessionsShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<Sessions, never, SqlClient.SqlClient | StoreHealth> = Layer.effect(Sessions, make)
}
