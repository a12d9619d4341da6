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

/** What the journal last noted: the state's three maps, compared by identity, and each record's body. */
export interface Noted {
  errands: ReadonlyMap<string, Errand>
  tombs: ReadonlyMap<string, Tomb>
  inbox: ReadonlyMap<string, ReadonlyArray<InboxEntry>>
  /** Every record as last noted; once, at start, what the journal on disk holds. */
  readonly bodies: Map<Key, string>
  /** Compare every record (the first note after a restore: it drops what restore could not read). */
  full: boolean
}

/** Nothing noted yet but what is on disk: the first note compares everything against it. */
export const notedFrom = (bodies: Map<Key, string>): Noted => ({
  errands: new Map(),
  tombs: new Map(),
  inbox: new Map(),
  bodies,
  full: true
})

/** `f` for each key whose value is new, replaced or gone (undefined) from `a` to `b`; nothing when the map is the same. */
const eachChanged = <V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>, f: (k: string, v: V | undefined) => void) => {
  if (a === b) return
  for (const [k, v] of b) if (a.get(k) !== v) f(k, v)
  for (const k of a.keys()) if (!b.has(k)) f(k, undefined)
}

/** One sender's inbox list, by ticket. */
const byTicket = (list: ReadonlyArray<InboxEntry> | undefined) => new Map((list ?? []).map((i) => [i.ticket, i]))

/**
 * Notes in `pending` what changed between `n` and `s` — a body to put, or null for a record gone —
 * and moves `n` to `s`. The state is copy-on-write, so an errand, tombstone or inbox list that is the
 * same object is unchanged: a step costs an identity check per entry of a map it replaced, and a
 * JSON only for the records that changed (a full pass wrote a JSON of every open errand each time).
 */
export const noteChanges = (n: Noted, s: RelayState, pending: Map<Key, string | null>): void => {
  const set = (k: Key, v: string | undefined) => {
    if (v === undefined ? !n.bodies.has(k) : n.bodies.get(k) === v) return
    if (v === undefined) n.bodies.delete(k)
    else n.bodies.set(k, v)
    pending.set(k, v ?? null)
  }
  if (n.full) {
    const all = recordsOf(s)
    for (const k of [...n.bodies.keys()]) if (!all.has(k)) set(k, undefined)
    for (const [k, v] of all) set(k, v)
    n.full = false
  } else {
    eachChanged(n.errands, s.errands, (t, e) => set(keyOf("errand", t), e && errandBody(e)))
    eachChanged(n.tombs, s.tombs, (t, x) => set(keyOf("tomb", t), x && body(x)))
    eachChanged(n.inbox, s.inbox, (sender) =>
      eachChanged(byTicket(n.inbox.get(sender)), byTicket(s.inbox.get(sender)), (t, i) => set(keyOf("inbox", t), i && body(i)))
    )
  }
  n.errands = s.errands
  n.tombs = s.tombs
  n.inbox = s.inbox
}

/** The pending changes as the store's rows. */
export const rowsOf = (pending: ReadonlyMap<Key, string | null>) => {
  const put: Array<JournalRow> = []
  const remove: Array<{ kind: JournalKind; ticket: string }> = []
  for (const [k, body] of pending) {
    const at = k.indexOf(":")
    const id = { kind: k.slice(0, at) as JournalKind, ticket: k.slice(at + 1) }
    if (body === null) remove.push(id)
    else put.push({ ...id, body })
  }
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
  /** After a transition, with the state it left: notes what changed since the last note (noteChanges). Never blocks. */
  readonly note: (s: RelayState) => void
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
      /** What the relay's state was at the last note, and what is noted but not yet on disk. */
      let noted = notedFrom(new Map())
      let pending = new Map<Key, string | null>()

      const restore = Effect.gen(function* () {
        const rows = yield* journal.load()
        const restored = yield* restoreFrom(rows)
        noted = notedFrom(new Map(rows.map((r) => [keyOf(r.kind, r.ticket), r.body])))
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
          if (pending.size === 0) return Effect.void
          const batch = pending
          pending = new Map()
          return journal.apply(rowsOf(batch)).pipe(
            Effect.catchAll((e) =>
              // Put back under anything noted since (newer), so the next flush writes it again.
              Effect.sync(() => {
                for (const [k, v] of batch) if (!pending.has(k)) pending.set(k, v)
              }).pipe(
                Effect.zipRight(Effect.logWarning(`the relay's errands were not saved (will retry on the next change): ${e.message}`))
              )
            )
          )
        })
      )

      const note = (s: RelayState) => noteChanges(noted, s, pending)
      return ErrandJournal.of({ restore, note, flush })
    })
  )
}
