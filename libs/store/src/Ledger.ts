/**
 * The cost ledger's rows (migration 2): what each (session, transcript) pair has cost so far and
 * where its reader stopped. Written only while the session row exists — a late scan of a session
 * just deleted must not resurrect spend the contract says is gone. The arithmetic over these rows
 * lives in libs/cost; this is storage only.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Context, Effect, Layer, Option } from "effect"
import { cachedRead } from "./generations.js"
import { type StoreError, storeErrors } from "./StoreError.js"

export type CostSource = "priced" | "reported"

export interface LedgerRow {
  readonly sessionId: string
  readonly transcriptId: string
  readonly source: CostSource
  readonly byteOffset: number
  readonly cursor: string
  readonly costUsd: number
  readonly stuck: boolean
  readonly activityAt: number
}

/** A session as the cost report needs it, with its ledger rows (none = never priced). */
export interface CostedSession {
  readonly id: string
  readonly projectId: string
  readonly project: string
  /** the project's directory: `--project` takes it as well as the name */
  readonly projectPath: string
  /** Where the session runs: its worktree's checkout, else the project's directory. */
  readonly dir: string
  readonly kind: string
  readonly isOpen: boolean
  readonly parkedAt: number
  readonly providerSessionId: string
  readonly rows: ReadonlyArray<LedgerRow>
}

export interface LedgerShape {
  readonly get: (sessionId: string, transcriptId: string) => Effect.Effect<Option.Option<LedgerRow>, StoreError>
  /** Upserts the row; returns false (and writes nothing) when the session row is gone. */
  readonly put: (row: LedgerRow) => Effect.Effect<boolean, StoreError>
  /** Every session lich still holds a row for, each with its ledger rows. */
  readonly sessions: () => Effect.Effect<ReadonlyArray<CostedSession>, StoreError>
}

interface Record {
  readonly session_id: string
  readonly transcript_id: string
  readonly source: CostSource
  readonly byte_offset: number
  readonly cursor: string
  readonly cost_usd: number
  readonly stuck: number
  readonly activity_at: number
}

const fromRecord = (r: Record): LedgerRow => ({
  sessionId: r.session_id,
  transcriptId: r.transcript_id,
  source: r.source,
  byteOffset: r.byte_offset,
  cursor: r.cursor,
  costUsd: r.cost_usd,
  stuck: r.stuck === 1,
  activityAt: r.activity_at
})

/** Every session lich remembers, open or parked, with its ledger rows. */
const costedSessions = (sql: SqlClient.SqlClient) =>
  Effect.gen(function* () {
    const heads = yield* sql<{
      readonly id: string
      readonly project_id: string
      readonly project: string
      readonly project_path: string
      readonly kind: string
      readonly is_open: number
      readonly parked_at: number
      readonly provider_session_id: string
      readonly path: string
    }>`SELECT s.id, p.id AS project_id, p.name AS project, p.path AS project_path, s.kind, s.is_open, s.parked_at, s.provider_session_id, s.path
     FROM sessions s JOIN projects p ON p.id = s.project_id ORDER BY p.name, s.position, s.rowid`
    const rows = (yield* sql<Record>`SELECT * FROM session_costs`).map(fromRecord)
    const bySession = new Map<string, Array<LedgerRow>>()
    for (const r of rows) bySession.set(r.sessionId, [...(bySession.get(r.sessionId) ?? []), r])
    return heads.map(
      (h): CostedSession => ({
        id: h.id,
        projectId: h.project_id,
        project: h.project,
        projectPath: h.project_path,
        dir: h.path === "" ? h.project_path : h.path,
        kind: h.kind,
        isOpen: h.is_open === 1,
        parkedAt: h.parked_at,
        providerSessionId: h.provider_session_id,
        rows: bySession.get(h.id) ?? []
      })
    )
  })

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const get = Effect.fn("Ledger.get")(function* (sessionId: string, transcriptId: string) {
    const rows = yield* sql<Record>`SELECT * FROM session_costs WHERE session_id = ${sessionId} AND transcript_id = ${transcriptId}`
    return Option.map(Option.fromNullable(rows[0]), fromRecord)
  }, storeErrors("Ledger.get"))

  const put = Effect.fn("Ledger.put")(function* (r: LedgerRow) {
    const rows = yield* sql`
      INSERT INTO session_costs (session_id, transcript_id, source, byte_offset, cursor, cost_usd, stuck, activity_at)
      SELECT ${r.sessionId}, ${r.transcriptId}, ${r.source}, ${r.byteOffset}, ${r.cursor}, ${r.costUsd}, ${r.stuck ? 1 : 0}, ${r.activityAt}
      WHERE EXISTS (SELECT 1 FROM sessions WHERE id = ${r.sessionId})
      ON CONFLICT (session_id, transcript_id) DO UPDATE SET
        source = excluded.source, byte_offset = excluded.byte_offset, cursor = excluded.cursor,
        cost_usd = excluded.cost_usd, stuck = excluded.stuck, activity_at = excluded.activity_at
      RETURNING session_id`
    return rows.length > 0
  }, storeErrors("Ledger.put"))

  // Kept in memory between writes to sessions, projects and costs (generations.ts): the relay's
  // spend readings and the budget gate read it on every hand-off.
  const read = cachedRead(sql, ["costs", "sessions"], costedSessions(sql))
  const sessions = Effect.fn("Ledger.sessions")(function* () {
    return yield* read
  }, storeErrors("Ledger.sessions"))

  return Ledger.of({ get, put, sessions })
})

export class Ledger extends Context.Tag("lich/store/Ledger")<Ledger, LedgerShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<Ledger, never, SqlClient.SqlClient> = Layer.effect(Ledger, make)
}
