/**
 * Migration 5: hosts — the other machines whose lich this one reaches over ssh (libs/hosts).
 *
 * `hosts`: what the user added, a name and the ssh destination, and the lich command on that host
 * ('' = `lich` on its PATH). The name is unique without regard to case: `devbox` and `Devbox` as two
 * headers in one sidebar would be one machine twice. Nothing secret is kept: the far lich's port and
 * token are learnt over ssh on each connect and live in memory only.
 *
 * `far_errands`: the far half of a task sent from another host — this lich's ticket, and the outcome
 * once the errand ended here ('' while it runs), kept until the sender's lich says it has filed it.
 * So a link that drops as the answer comes back loses nothing: the sender asks again and gets it.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

export const hosts = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE hosts (
    name TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
    destination TEXT NOT NULL,
    lich TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL DEFAULT 0
  )`
  yield* sql`CREATE TABLE far_errands (
    ticket TEXT PRIMARY KEY NOT NULL,
    outcome TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL DEFAULT 0
  )`
})
