import { describe, expect, it } from "@effect/vitest"
import { Journal, StoreMemory } from "@lich/store"
import { Deferred, Effect } from "effect"
import { ErrandJournal, noteChanges, notedFrom, recordsOf, rowsOf, seeded } from "./journal.js"
import { drop, type Errand, emptyState, type Outcome, patchErrand, put, type RelayState, stash } from "./state.js"

const errand = (ticket: string, outcome: Deferred.Deferred<Outcome>): Errand => ({
  ticket,
  senderId: "sender",
  senderLabel: "alpha",
  targetId: "target",
  targetLabel: "beta",
  targetBranch: "",
  prompt: "do it",
  message: "[lich] do it",
  private: false,
  createdAt: 1_000,
  releasedAt: 1_000,
  delivered: false,
  entered: false,
  sawBusy: false,
  skipTurns: 0,
  attended: 1,
  retyped: false,
  awaitingStart: false,
  subagent: false,
  workerMessage: "",
  outcome
})

const fresh = Effect.provide(ErrandJournal, ErrandJournal.layer)

const withErrand = (s: RelayState, e: Errand): RelayState => ({ ...s, errands: put(s.errands, e.ticket, e) })
const without = (s: RelayState, ticket: string): RelayState => ({ ...s, errands: drop(s.errands, ticket) })

describe("the relay's journal", () => {
  it.effect("brings back every open errand, tombstone and inbox entry as they were last noted", () =>
    Effect.gen(function* () {
      const first = yield* fresh
      const a = errand("aaaa0001", yield* Deferred.make<Outcome>())
      let s = withErrand(withErrand(emptyState(), a), errand("bbbb0002", yield* Deferred.make<Outcome>()))
      s = {
        ...s,
        tombs: put(s.tombs, "cccc0003", {
          ticket: "cccc0003",
          senderId: "sender",
          targetLabel: "beta",
          status: "unanswered",
          private: false,
          until: 5_000,
          lateOk: true
        })
      }
      s = stash(s, {
        ticket: "dddd0004",
        senderId: "sender",
        target: "beta",
        status: "answered",
        answer: "late",
        readyAt: 3_000,
        private: false,
        nudged: false
      })
      s = stash(s, {
        ticket: "eeee0005",
        senderId: "sender",
        target: "beta",
        status: "answered",
        answer: "early",
        readyAt: 2_000,
        private: true,
        nudged: true
      })
      first.note(s)
      yield* first.flush
      // Transitions after the first write: one delivered and its clock released, one gone.
      s = without(
        patchErrand(s, a.ticket, () => ({ delivered: true, releasedAt: 4_000 })),
        "bbbb0002"
      )
      first.note(s)
      yield* first.flush

      const restored = yield* (yield* fresh).restore
      const again = seeded(restored)
      expect(restored.dropped).toBe(0)
      // Nobody holds the line across a restart: restored errands are unattended.
      expect(again.errands.get("aaaa0001")!.attended).toBe(0)
      expect(recordsOf(again)).toEqual(recordsOf(patchErrand(s, a.ticket, () => ({ attended: 0 }))))
      expect([...again.errands.keys()]).toEqual(["aaaa0001"])
      expect(again.errands.get("aaaa0001")).toMatchObject({ delivered: true, releasedAt: 4_000 })
      // Oldest first, as the inbox is read.
      expect(again.inbox.get("sender")!.map((e) => e.ticket)).toEqual(["eeee0005", "dddd0004"])
      // A fresh Deferred: nobody holds the line across a restart.
      expect(yield* Deferred.isDone(again.errands.get("aaaa0001")!.outcome)).toBe(false)
    }).pipe(Effect.provide(StoreMemory))
  )

  it.effect("notes nothing when nothing changed, and only what changed when something did", () =>
    Effect.gen(function* () {
      const a = errand("aaaa0001", yield* Deferred.make<Outcome>())
      let s = withErrand(emptyState(), a)
      const n = notedFrom(new Map())
      const pending = new Map()
      noteChanges(n, s, pending)
      expect([...pending.keys()]).toEqual(["errand:aaaa0001"])
      pending.clear()
      noteChanges(n, s, pending)
      expect(pending.size).toBe(0)
      s = patchErrand(s, a.ticket, () => ({ sawBusy: true }))
      noteChanges(n, s, pending)
      expect(rowsOf(pending).put.map((r) => `${r.kind}:${r.ticket}`)).toEqual(["errand:aaaa0001"])
      pending.clear()
      s = without(s, a.ticket)
      noteChanges(n, s, pending)
      expect(rowsOf(pending)).toEqual({ put: [], remove: [{ kind: "errand", ticket: "aaaa0001" }] })
    })
  )

  it.effect("reads again only the records whose object changed, and sees them gone when they are", () =>
    Effect.gen(function* () {
      const a = errand("aaaa0001", yield* Deferred.make<Outcome>())
      // b counts how often its record is read (made into JSON).
      let bReads = 0
      const b = errand("bbbb0002", yield* Deferred.make<Outcome>())
      Object.defineProperty(b, "prompt", {
        enumerable: true,
        get: () => {
          bReads++
          return "do it"
        }
      })
      let s = withErrand(withErrand(emptyState(), a), b)
      const n = notedFrom(new Map())
      const pending = new Map()
      noteChanges(n, s, pending)
      pending.clear()
      expect(bReads).toBe(1)
      // b's object is left as it was: it is not read again, let alone written.
      s = patchErrand(s, a.ticket, () => ({ delivered: true }))
      noteChanges(n, s, pending)
      expect(rowsOf(pending).put.map((r) => r.ticket)).toEqual(["aaaa0001"])
      expect(bReads).toBe(1)
      pending.clear()
      // a closed: its errand goes, its tombstone and inbox entry come.
      s = without(s, a.ticket)
      s = {
        ...s,
        tombs: put(s.tombs, a.ticket, {
          ticket: a.ticket,
          senderId: "sender",
          targetLabel: "beta",
          status: "answered",
          private: false,
          until: 9,
          lateOk: false
        })
      }
      s = stash(s, {
        ticket: a.ticket,
        senderId: "sender",
        target: "beta",
        status: "answered",
        answer: "done",
        readyAt: 5,
        private: false,
        nudged: false
      })
      noteChanges(n, s, pending)
      expect(rowsOf(pending)).toEqual({
        put: [
          { kind: "tomb", ticket: a.ticket, body: recordsOf(s).get(`tomb:${a.ticket}`) },
          { kind: "inbox", ticket: a.ticket, body: recordsOf(s).get(`inbox:${a.ticket}`) }
        ],
        remove: [{ kind: "errand", ticket: a.ticket }]
      })
      // What was noted is, record for record, what a full read of the state gives.
      expect(n.bodies).toEqual(recordsOf(s))
    })
  )

  it.effect("the first note after a restore drops what is on disk but not in the state, and writes only what differs", () =>
    Effect.gen(function* () {
      const a = errand("aaaa0001", yield* Deferred.make<Outcome>())
      const s = withErrand(emptyState(), a)
      const onDisk = new Map([...recordsOf(s), ["errand:gone0001", "not json"]] as const)
      const n = notedFrom(new Map(onDisk))
      const pending = new Map()
      noteChanges(n, s, pending)
      expect(rowsOf(pending)).toEqual({ put: [], remove: [{ kind: "errand", ticket: "gone0001" }] })
    })
  )

  it.effect("drops a record it cannot read, and says how many", () =>
    Effect.gen(function* () {
      const journal = yield* Journal
      yield* journal.apply({
        put: [
          { kind: "errand", ticket: "aaaa0001", body: "not json" },
          { kind: "tomb", ticket: "cccc0003", body: JSON.stringify({ v: 999, ticket: "cccc0003" }) }
        ],
        remove: []
      })
      const restored = yield* (yield* fresh).restore
      expect([restored.dropped, restored.errands.size, restored.tombs.size]).toEqual([2, 0, 0])
    }).pipe(Effect.provide(StoreMemory))
  )
})
