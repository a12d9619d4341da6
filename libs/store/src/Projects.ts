/**
 * Projects: one row per directory lich has ever held as a tab. Rows are never deleted by closing a
 * tab, only flagged closed, so the same directory opened again comes back with the same id, name,
 * label counter and parked sessions — the contract's "reopened by path with the same id".
 *
 * It does not check that the path exists or is absolute: that is the caller's contract (spawn
 * refuses relative paths because there is no shell at lich's end to resolve them against).
 */
import { createHash } from "node:crypto"
import * as NodePath from "node:path"
import type * as SqlClient from "@effect/sql/SqlClient"
import { Array as Arr, Clock, Context, Effect, Layer, Option } from "effect"
import { cachedRead } from "./generations.js"
import { type RepoDeps, repoDeps } from "./repoDeps.js"
import { StoreError } from "./StoreError.js"
import type { StoreHealth } from "./StoreHealth.js"

export interface ProjectRow {
  readonly id: string
  readonly name: string
  readonly path: string
  readonly isOpen: boolean
  /** The number the next "Session N" label takes. */
  readonly nextSeq: number
  /** The card a reload lands on; "" for none. */
  readonly activeSessionId: string
  readonly position: number
  readonly createdAt: number
}

/** What `openByPath` did, so the caller knows whether a tab has to appear. */
export type ProjectChange = "created" | "reopened" | "unchanged"

export interface OpenedProject {
  readonly project: ProjectRow
  readonly change: ProjectChange
}

interface ProjectRecord {
  readonly id: string
  readonly name: string
  readonly path: string
  readonly is_open: number
  readonly next_seq: number
  readonly active_session_id: string
  readonly position: number
  readonly created_at: number
}

const fromRecord = (r: ProjectRecord): ProjectRow => ({
  id: r.id,
  name: r.name,
  path: r.path,
  isOpen: r.is_open === 1,
  nextSeq: r.next_seq,
  activeSessionId: r.active_session_id,
  position: r.position,
  createdAt: r.created_at
})

/** "/a/b/" and "/a/./b" are the directory "/a/b": one spelling per directory, or the id forks. */
export const normalizeProjectPath = (path: string): string => {
  const normal = NodePath.normalize(path)
  return normal.length > 1 && normal.endsWith(NodePath.sep) ? normal.slice(0, -1) : normal
}

/** Hex of the first 6 bytes of sha256(path): short enough for a worktree directory name. */
export const projectIdFor = (path: string): string =>
  createHash("sha256").update(normalizeProjectPath(path)).digest().subarray(0, 6).toString("hex")

/** Basename of the path; the root directory, which has none, is named by its path. */
export const projectNameFor = (path: string): string => {
  const normal = normalizeProjectPath(path)
  return NodePath.basename(normal) || normal
}

/** Unicode-aware, like Go's EqualFold: SQLite's lower() and NOCASE only fold ASCII. */
export const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

export interface ProjectsShape {
  /** Opens the directory as a project: inserted if unseen, else the same row set open again. */
  readonly openByPath: (path: string) => Effect.Effect<OpenedProject, StoreError>
  /** Closes the tab; the row, its counter and its sessions stay for a later reopen. */
  readonly close: (id: string) => Effect.Effect<boolean, StoreError>
  readonly get: (id: string) => Effect.Effect<Option.Option<ProjectRow>, StoreError>
  /** Open projects whose name matches case-insensitively; two directories may share a basename. */
  readonly findByName: (name: string) => Effect.Effect<ReadonlyArray<ProjectRow>, StoreError>
  /** Any project, open or closed, at that directory. */
  readonly findByPath: (path: string) => Effect.Effect<Option.Option<ProjectRow>, StoreError>
  /** Open projects in tab order. */
  readonly listOpen: () => Effect.Effect<ReadonlyArray<ProjectRow>, StoreError>
  /** Returns the project's next_seq and increments it in the same statement. Fails on an unknown project. */
  readonly takeSeq: (projectId: string) => Effect.Effect<number, StoreError>
  readonly setActive: (projectId: string, sessionId: string) => Effect.Effect<boolean, StoreError>
}

const byPath = (sql: SqlClient.SqlClient, path: string) =>
  Effect.map(sql<ProjectRecord>`SELECT * FROM projects WHERE path = ${path}`, (rows) => Option.map(Arr.head(rows), fromRecord))

// New and reopened tabs go after every other tab: an old position may collide with tabs the
// user reordered since.
const nextPosition = (sql: SqlClient.SqlClient) => sql`(SELECT COALESCE(MAX(position) + 1, 0) FROM projects)`

const openByPath = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Projects.openByPath")(
    function* (rawPath: string) {
      const path = normalizeProjectPath(rawPath)
      const existing = yield* byPath(sql, path)
      if (Option.isSome(existing)) {
        if (existing.value.isOpen) return { project: existing.value, change: "unchanged" } as const
        const rows = yield* sql<ProjectRecord>`
        UPDATE projects SET is_open = 1, position = ${nextPosition(sql)}
        WHERE id = ${existing.value.id} RETURNING *`
        return { project: fromRecord(rows[0]!), change: "reopened" } as const
      }
      const now = yield* Clock.currentTimeMillis
      const rows = yield* sql<ProjectRecord>`
      INSERT INTO projects (id, name, path, position, created_at)
      VALUES (${projectIdFor(path)}, ${projectNameFor(path)}, ${path}, ${nextPosition(sql)}, ${now})
      RETURNING *`
      return { project: fromRecord(rows[0]!), change: "created" } as const
    },
    (effect) => sql.withTransaction(effect),
    storeErrors("Projects.openByPath")
  )

const close = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Projects.close")(function* (id: string) {
    const rows = yield* sql`UPDATE projects SET is_open = 0 WHERE id = ${id} RETURNING id`
    return rows.length > 0
  }, storeErrors("Projects.close"))

const get = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Projects.get")(function* (id: string) {
    const rows = yield* sql<ProjectRecord>`SELECT * FROM projects WHERE id = ${id}`
    return Option.map(Arr.head(rows), fromRecord)
  }, storeErrors("Projects.get"))

// Kept in memory between writes (generations.ts), as the open sessions are.
const listOpen = ({ sql, storeErrors }: RepoDeps) => {
  const read = cachedRead(
    sql,
    ["sessions"],
    Effect.map(
      sql<ProjectRecord>`SELECT * FROM projects WHERE is_open = 1 ORDER BY position, rowid`,
      (rows): ReadonlyArray<ProjectRow> => rows.map(fromRecord)
    )
  )
  return Effect.fn("Projects.listOpen")(function* () {
    return yield* read
  }, storeErrors("Projects.listOpen"))
}

const findByName = (d: RepoDeps, open: ProjectsShape["listOpen"]) =>
  Effect.fn("Projects.findByName")(function* (name: string) {
    return (yield* open()).filter((project) => sameName(project.name, name))
  }, d.storeErrors("Projects.findByName"))

const findByPath = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Projects.findByPath")(function* (path: string) {
    return yield* byPath(sql, normalizeProjectPath(path))
  }, storeErrors("Projects.findByPath"))

// One UPDATE … RETURNING: the read and the increment cannot interleave with another caller,
// so two concurrent opens never both become "Session 4".
const takeSeq = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Projects.takeSeq")(function* (projectId: string) {
    const rows = yield* sql<{ readonly seq: number }>`
      UPDATE projects SET next_seq = next_seq + 1 WHERE id = ${projectId}
      RETURNING next_seq - 1 AS seq`
    const row = rows[0]
    if (row === undefined) {
      return yield* new StoreError({
        operation: "Projects.takeSeq",
        message: `Projects.takeSeq failed: no project with id "${projectId}"`
      })
    }
    return row.seq
  }, storeErrors("Projects.takeSeq"))

const setActive = ({ sql, storeErrors }: RepoDeps) =>
  Effect.fn("Projects.setActive")(function* (projectId: string, sessionId: string) {
    const rows = yield* sql`
      UPDATE projects SET active_session_id = ${sessionId} WHERE id = ${projectId} RETURNING id`
    return rows.length > 0
  }, storeErrors("Projects.setActive"))

const make = Effect.map(repoDeps, (d) => {
  const open = listOpen(d)
  return Projects.of({
    openByPath: openByPath(d),
    close: close(d),
    get: get(d),
    findByName: findByName(d, open),
    findByPath: findByPath(d),
    listOpen: open,
    takeSeq: takeSeq(d),
    setActive: setActive(d)
  })
})

export class Projects extends Context.Tag("lich/store/Projects")<Projects, ProjectsShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<Projects, never, SqlClient.SqlClient | StoreHealth> = Layer.effect(Projects, make)
}
