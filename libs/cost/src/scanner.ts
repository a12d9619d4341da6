/**
 * Bringing one session's ledger rows up to date with its transcripts: find the files, read each
 * from its row's offset with the provider's reader, and write the row back — only once something
 * was counted (a transcript with no turn yet earns no row) and only when it moved.
 */
import type { CostedSession, Ledger } from "@lich/store"
import { Effect, Option } from "effect"
import { fresh, type ScanState } from "./lines.js"
import type { Pricer } from "./pricing.js"
import { readFrom } from "./read.js"
import type { CostReader, CostReaders, TotalReader } from "./readers.js"
import { REPORTED_PREFIX } from "./report.js"
import type { Transcript } from "./transcripts.js"

export const makeScanner = (ledger: Ledger["Type"], readers: CostReaders, price: Pricer) => {
  const scanTranscript = (s: CostedSession, t: Transcript, reader: CostReader) =>
    Effect.gen(function* () {
      // A provider's own figure is keyed as a reported conversation, so the report never adds a
      // priced reading of the same conversation to it.
      const transcriptId = reader.source === "reported" ? `${REPORTED_PREFIX}${t.id}` : t.id
      const row = Option.getOrUndefined(yield* ledger.get(s.id, transcriptId))
      const start: ScanState = row
        ? { offset: row.byteOffset, cursor: row.cursor, costUsd: row.costUsd, activityAt: row.activityAt, stuck: row.stuck, counted: 0 }
        : fresh
      const next = readFrom(t.file, start, (chunk, st) => reader.scan(chunk, st, price))
      if (next === undefined || (row === undefined && next.counted === 0 && !next.stuck)) return
      if (row && next.offset === row.byteOffset && next.stuck === row.stuck && next.costUsd === row.costUsd) return
      yield* ledger.put({
        sessionId: s.id,
        transcriptId,
        source: reader.source,
        byteOffset: next.offset,
        cursor: next.cursor,
        costUsd: next.costUsd,
        stuck: next.stuck,
        activityAt: next.activityAt
      })
    })

  const readTotal = (s: CostedSession, reader: TotalReader) =>
    Effect.gen(function* () {
      const got = reader.total(s)
      if (got === undefined) return
      const transcriptId = `${REPORTED_PREFIX}${s.providerSessionId}`
      const row = Option.getOrUndefined(yield* ledger.get(s.id, transcriptId))
      if (row && row.costUsd === got.costUsd) return
      yield* ledger.put({
        sessionId: s.id,
        transcriptId,
        source: "reported",
        byteOffset: 0,
        cursor: "",
        costUsd: got.costUsd,
        stuck: false,
        activityAt: got.activityAt
      })
    })

  return (s: CostedSession) => {
    const reader = readers[s.kind]
    if (reader === undefined || s.providerSessionId === "") return Effect.void
    if ("total" in reader) return readTotal(s, reader)
    return Effect.forEach(reader.transcripts(s), (t) => scanTranscript(s, t, reader), { discard: true })
  }
}
