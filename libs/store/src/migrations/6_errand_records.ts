/**
 * Migration 6: the relay's timeline — one record per errand, kept after the errand ended for a
 * bounded history (libs/relay/src/errandLog.ts prunes it by age and count).
 *
 * The record is JSON, as the journal's are: only the relay reads inside it. Its creation time is a
 * column because the log loads the history in that order. No foreign key to sessions: a record
 * outlives both cards, which is the point of a history.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

export const errandRecords = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE errand_records (
    ticket TEXT PRIMARY KEY NOT NULL,
    created_at INTEGER NOT NULL,
    body TEXT NOT NULL
  )`
  yield* sql`CREATE INDEX errand_records_by_time ON errand_records (created_at)`
})
