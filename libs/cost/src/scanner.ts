/**
 * Bringing one session's ledger rows up to date with its transcripts: find the files, read each
 * from its row's offset with the provider's reader, and write the row back — only once something
 * was counted (a transcript with no turn yet earns no row) and only when it moved.
 */
import type { CostedSession, Ledger } from "@lich/store"
import { Effect, Option } from "effect"
import { scanClaude } from "./claude.js"
import { scanCodex } from "./codex.js"
import { fresh, type ScanState } from "./lines.js"
import type { Pricer } from "./pricing.js"
import { readFrom } from "./read.js"
import { claudeTranscripts, codexTranscript, type Roots, type Transcript } from "./transcripts.js"

type Reader = (chunk: Buffer, s: ScanState, price: Pricer) => ScanState

/** The providers lich can price itself; every other kind counts only through a reported figure. */
const readers: Readonly<Record<string, Reader>> = { claude: scanClaude, codex: scanCodex }

export const makeScanner = (ledger: Ledger["Type"], roots: Roots, price: Pricer) => {
  // A rollout is found by walking the day folders once; its path never changes after.
  const codexFiles = new Map<string, Transcript>()

  const transcriptsOf = (s: CostedSession): ReadonlyArray<Transcript> => {
    if (s.kind === "claude") return claudeTranscripts(roots.claude, s.providerSessionId)
    const known = codexFiles.get(s.providerSessionId) ?? codexTranscript(roots.codex, s.providerSessionId)
    if (known !== undefined) codexFiles.set(s.providerSessionId, known)
    return known === undefined ? [] : [known]
  }

  const scanTranscript = (s: CostedSession, t: Transcript, reader: Reader) =>
    Effect.gen(function* () {
      const row = Option.getOrUndefined(yield* ledger.get(s.id, t.id))
      const start: ScanState = row
        ? { offset: row.byteOffset, cursor: row.cursor, costUsd: row.costUsd, activityAt: row.activityAt, stuck: row.stuck, counted: 0 }
        : fresh
      const next = readFrom(t.file, start, (chunk, st) => reader(chunk, st, price))
      if (next === undefined || (row === undefined && next.counted === 0 && !next.stuck)) return
      if (row && next.offset === row.byteOffset && next.stuck === row.stuck && next.costUsd === row.costUsd) return
      yield* ledger.put({
        sessionId: s.id,
        transcriptId: t.id,
        source: "priced",
        byteOffset: next.offset,
        cursor: next.cursor,
        costUsd: next.costUsd,
        stuck: next.stuck,
        activityAt: next.activityAt
      })
    })

  return (s: CostedSession) => {
    const reader = readers[s.kind]
    if (reader === undefined || s.providerSessionId === "") return Effect.void
    return Effect.forEach(transcriptsOf(s), (t) => scanTranscript(s, t, reader), { discard: true })
  }
}
