import { describe, expect, it } from "@effect/vitest"
import { Journal, StoreMemory } from "@lich/store"
import { Deferred, Effect } from "effect"
import { changesBetween, ErrandJournal, recordsOf, recordsTouched, seeded } from "./journal.js"
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

  it.effect("writes nothing when nothing changed, and only what changed when something did", () =>
    Effect.gen(function* () {
      const a = errand("aaaa0001", yield* Deferred.make<Outcome>())
      let s = withErrand(emptyState(), a)
      const before = recordsOf(s)
      expect(changesBetween(before, recordsOf(s))).toEqual({ put: [], remove: [] })
      s = patchErrand(s, a.ticket, () => ({ sawBusy: true }))
      const after = recordsOf(s)
      expect(changesBetween(before, after).put.map((r) => `${r.kind}:${r.ticket}`)).toEqual(["errand:aaaa0001"])
      s = without(s, a.ticket)
      expect(changesBetween(after, recordsOf(s))).toEqual({ put: [], remove: [{ kind: "errand", ticket: "aaaa0001" }] })
    })
  )

  it.effect("reads again only the tickets a transition names, and sees them gone when they are", () =>
    Effect.gen(function* () {
      const a = errand("aaaa0001", yield* Deferred.make<Outcome>())
      const b = errand("bbbb0002", yield* Deferred.make<Outcome>())
      let s = withErrand(withErrand(emptyState(), a), b)
      const seen = recordsOf(s)
      s = patchErrand(
        patchErrand(s, a.ticket, () => ({ delivered: true })),
        b.ticket,
        () => ({ delivered: true })
      )
      // Only a was named: b's change waits for a note that names it (or a full one).
      const touched = recordsTouched(s, seen, ["aaaa0001"])
      expect(changesBetween(seen, touched).put.map((r) => r.ticket)).toEqual(["aaaa0001"])
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
      const closed = recordsTouched(s, touched, [a.ticket])
      expect(changesBetween(touched, closed)).toEqual({
        put: [
          { kind: "tomb", ticket: a.ticket, body: recordsOf(s).get(`tomb:${a.ticket}`) },
          { kind: "inbox", ticket: a.ticket, body: recordsOf(s).get(`inbox:${a.ticket}`) }
        ],
        remove: [{ kind: "errand", ticket: a.ticket }]
      })
      expect(recordsTouched(s, closed, [b.ticket])).toEqual(recordsOf(s))
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
