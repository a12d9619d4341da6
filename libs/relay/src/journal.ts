/**
 * The relay's errands on disk: every open errand, every tombstone still taking a late answer, every
 * result waiting in an inbox, written to the store's journal as they change and read back when a
 * backend starts. Since the PTY host, a backend that crashes comes back to the same sessions, and
 * their errands have to come back with them (issue 13).
 *
 * It fits the relay's rule that no transition does I/O: `note` only compares a state with what it
 * last saw (pure, in memory); `flush` writes what changed, in order, one transaction per flush.
 * What it refuses to keep: the per-session bookkeeping (turns, waiting reasons, closers, answered
 * workers, lanes, nudges), which the next hook reports rebuild, and an errand's Deferred, which
 * restore makes afresh — nobody is holding the line on an errand across a restart, so its outcome
 * lands in the inbox as for any unattended one.
 */
import { Journal, type JournalKind, type JournalRow } from "@lich/store"
import { Context, Deferred, Effect, Layer } from "effect"
import { type Errand, emptyState, type InboxEntry, type Outcome, type RelayState, type Tomb } from "./state.js"

/** The shape of a record's body; a body of another version is dropped (and said so) at restore. */
const RECORD_VERSION = 1

export interface Restored {
  readonly errands: Map<string, Errand>
  readonly tombs: Map<string, Tomb>
  readonly inbox: Map<string, Array<InboxEntry>>
  /** Records that could not be read back (corrupt, or of another version): dropped from the journal. */
  readonly dropped: number
}

type Key = `${JournalKind}:${string}`
const keyOf = (kind: JournalKind, ticket: string): Key => `${kind}:${ticket}`

const errandBody = (e: Errand) => {
  const { outcome: _, ...rest } = e
  return JSON.stringify({ v: RECORD_VERSION, ...rest })
}
const body = (record: Tomb | InboxEntry) => JSON.stringify({ v: RECORD_VERSION, ...record })

/** Everything the journal keeps of `s`, by kind and ticket, as the JSON it writes. */
export const recordsOf = (s: RelayState): Map<Key, string> => {
  const out = new Map<Key, string>()
  for (const e of s.errands.values()) out.set(keyOf("errand", e.ticket), errandBody(e))
  for (const t of s.tombs.values()) out.set(keyOf("tomb", t.ticket), body(t))
  for (const entries of s.inbox.values()) for (const i of entries) out.set(keyOf("inbox", i.ticket), body(i))
  return out
}

/** `seen` with the records of `tickets` read again from `s`: what a transition that names them changed. */
export const recordsTouched = (s: RelayState, seen: ReadonlyMap<Key, string>, tickets: Iterable<string>): Map<Key, string> => {
  const out = new Map(seen)
  const set = (k: Key, v: string | undefined) => (v === undefined ? out.delete(k) : out.set(k, v))
  for (const t of tickets) {
    const e = s.errands.get(t)
    set(keyOf("errand", t), e && errandBody(e))
    const tomb = s.tombs.get(t)
    set(keyOf("tomb", t), tomb && body(tomb))
    let entry: InboxEntry | undefined
    for (const list of s.inbox.values()) entry ??= list.find((i) => i.ticket === t)
    set(keyOf("inbox", t), entry && body(entry))
  }
  return out
}

/** What to write to go from `before` to `after`: changed or new records, and the ones gone. */
export const changesBetween = (before: ReadonlyMap<Key, string>, after: ReadonlyMap<Key, string>) => {
  const put: Array<JournalRow> = []
  const remove: Array<{ kind: JournalKind; ticket: string }> = []
  const split = (k: Key) => {
    const at = k.indexOf(":")
    return { kind: k.slice(0, at) as JournalKind, ticket: k.slice(at + 1) }
  }
  for (const [k, body] of after) if (before.get(k) !== body) put.push({ ...split(k), body })
  for (const k of before.keys()) if (!after.has(k)) remove.push(split(k))
  return { put, remove }
}

const parse = (row: JournalRow): Record<string, unknown> | undefined => {
  try {
    const v = JSON.parse(row.body) as Record<string, unknown>
    return v !== null && typeof v === "object" && v.v === RECORD_VERSION && v.ticket === row.ticket ? v : undefined
  } catch {
    return undefined
  }
}

/** Rebuilds the relay's records from the journal's rows; each errand gets a Deferred of its own. */
export const restoreFrom = (rows: ReadonlyArray<JournalRow>): Effect.Effect<Restored> =>
  Effect.gen(function* () {
    const restored: Restored = { errands: new Map(), tombs: new Map(), inbox: new Map(), dropped: 0 }
    let dropped = 0
    for (const row of rows) {
      const body = parse(row)
      if (body === undefined) {
        dropped++
        continue
      }
      const { v: _, ...record } = body
      if (row.kind === "errand") {
        const outcome = yield* Deferred.make<Outcome>()
        // attended 0: the waits that held the line died with the last backend, so an outcome from
        // here on is unattended and goes to the inbox, where `wait <ticket>` finds it.
        restored.errands.set(row.ticket, { ...(record as unknown as Omit<Errand, "outcome">), attended: 0, outcome })
      } else if (row.kind === "tomb") {
        restored.tombs.set(row.ticket, record as unknown as Tomb)
      } else {
        const entry = record as unknown as InboxEntry
        const list = restored.inbox.get(entry.senderId) ?? []
        list.push(entry)
        restored.inbox.set(entry.senderId, list)
      }
    }
    // An inbox is oldest first, as stash keeps it.
    for (const list of restored.inbox.values()) list.sort((a, b) => a.readyAt - b.readyAt)
    return { ...restored, dropped }
  })

/** The relay's state at start: what `restore` read, nothing else yet. */
export const seeded = (r: Restored): RelayState => ({ ...emptyState(), errands: r.errands, tombs: r.tombs, inbox: r.inbox })

export interface ErrandJournalShape {
  /** What the last backend left: read once at start, before the relay takes its first request. */
  readonly restore: Effect.Effect<Restored>
  /**
   * After a transition, with the state it left: notes what changed. Pure; never blocks. With
   * `tickets`, only those errands' records are read again (a send, a reply, a close touch one);
   * without, the whole state is (a sweep) — that costs a JSON of every open errand.
   */
  readonly note: (s: RelayState, tickets?: Iterable<string>) => void
  /** After noting: writes everything noted so far, in one transaction. */
  readonly flush: Effect.Effect<void>
}

export class ErrandJournal extends Context.Tag("lich/relay/ErrandJournal")<ErrandJournal, ErrandJournalShape>() {
  /** Over the store's Journal; a write that fails is logged, and the next flush writes it again. */
  static readonly layer: Layer.Layer<ErrandJournal, never, Journal> = Layer.effect(
    ErrandJournal,
    Effect.gen(function* () {
      const journal = yield* Journal
      const writing = yield* Effect.makeSemaphore(1)
      /** What is on disk (or on its way there), and what the relay's state was at the last note. */
      let written = new Map<Key, string>()
      let seen = new Map<Key, string>()

      const restore = Effect.gen(function* () {
        const rows = yield* journal.load()
        const restored = yield* restoreFrom(rows)
        written = new Map(rows.map((r) => [keyOf(r.kind, r.ticket), r.body]))
        seen = written
        if (restored.dropped > 0) yield* Effect.logWarning(`the relay's journal held ${restored.dropped} record(s) it cannot read: dropped`)
        return restored
      }).pipe(
        Effect.catchAll((e) =>
          Effect.as(Effect.logWarning(`the relay's journal could not be read: ${e.message}`), {
            errands: new Map(),
            tombs: new Map(),
            inbox: new Map(),
            dropped: 0
          } as Restored)
        )
      )

      const flush = writing.withPermits(1)(
        Effect.suspend(() => {
          const target = seen
          const changes = changesBetween(written, target)
          if (changes.put.length === 0 && changes.remove.length === 0) return Effect.void
          return journal.apply(changes).pipe(
            Effect.tap(() => Effect.sync(() => (written = target))),
            Effect.catchAll((e) => Effect.logWarning(`the relay's errands were not saved (will retry on the next change): ${e.message}`))
          )
        })
      )

      const note = (s: RelayState, tickets?: Iterable<string>) => {
        seen = tickets === undefined ? recordsOf(s) : recordsTouched(s, seen, tickets)
      }
      return ErrandJournal.of({ restore, note, flush })
    })
  )
}
