/**
 * Migration 3: the relay's journal — every open errand, every ended errand still taking a late
 * answer (its tombstone), and every result waiting in a sender's inbox, so a backend that comes back
 * after a crash knows them all (issue 13; the sessions themselves survive in the PTY host).
 *
 * One row per (kind, ticket) holding the record as JSON, rather than a column per field: the relay's
 * records change shape often, their fields are read only by the relay, and nothing queries inside
 * them. No foreign key to sessions: a ticket outlives the card that sent it (an inbox entry waits
 * for a `wait <ticket>` from anywhere), and the relay's own sweep drops what has expired.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

export const relayJournal = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE relay_journal (
    kind TEXT NOT NULL CHECK (kind IN ('errand', 'tomb', 'inbox')),
    ticket TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (kind, ticket)
  )`
})
