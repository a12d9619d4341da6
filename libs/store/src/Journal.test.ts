import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Journal } from "./Journal.js"
import { withStore } from "./testStore.js"

describe("the relay's journal", () => {
  it.effect("keeps what was put, replaces a record by kind and ticket, and forgets what was removed", () =>
    withStore(
      Effect.gen(function* () {
        const journal = yield* Journal
        yield* journal.apply({
          put: [
            { kind: "inbox", ticket: "bbbb0002", body: '{"i":1}' },
            { kind: "errand", ticket: "aaaa0001", body: '{"e":1}' },
            { kind: "tomb", ticket: "aaaa0001", body: '{"t":1}' }
          ],
          remove: []
        })
        yield* journal.apply({
          put: [{ kind: "errand", ticket: "aaaa0001", body: '{"e":2}' }],
          remove: [{ kind: "tomb", ticket: "aaaa0001" }]
        })
        expect(yield* journal.load()).toEqual([
          { kind: "errand", ticket: "aaaa0001", body: '{"e":2}' },
          { kind: "inbox", ticket: "bbbb0002", body: '{"i":1}' }
        ])
      })
    )
  )

  it.effect("writes a batch all or nothing", () =>
    withStore(
      Effect.gen(function* () {
        const journal = yield* Journal
        yield* journal.apply({ put: [{ kind: "errand", ticket: "aaaa0001", body: "{}" }], remove: [] })
        // The second row breaks the kind's CHECK: the first of the batch must not land either.
        const bad = { kind: "nonsense" as never, ticket: "x", body: "{}" }
        const failed = yield* Effect.flip(
          journal.apply({ put: [{ kind: "tomb", ticket: "cccc0003", body: "{}" }, bad], remove: [{ kind: "errand", ticket: "aaaa0001" }] })
        )
        expect(failed._tag).toBe("StoreError")
        expect(yield* journal.load()).toEqual([{ kind: "errand", ticket: "aaaa0001", body: "{}" }])
      })
    )
  )

  // Rows go out in statements of up to 200: a flush larger than one, with a ticket twice in one
  // statement, lands whole and in order (the later body wins, as row-by-row upserts did).
  it.effect("a flush of more rows than one statement holds lands whole, the later of two puts winning", () =>
    withStore(
      Effect.gen(function* () {
        const journal = yield* Journal
        const tickets = Array.from({ length: 450 }, (_, i) => `t${String(i).padStart(7, "0")}`)
        const put = [
          ...tickets.map((ticket) => ({ kind: "errand" as const, ticket, body: '{"v":1}' })),
          { kind: "errand" as const, ticket: tickets[420]!, body: '{"v":2}' }
        ]
        yield* journal.apply({ put, remove: [] })
        const rows = yield* journal.load()
        expect(rows.length).toBe(450)
        expect(rows.find((r) => r.ticket === tickets[420])?.body).toBe('{"v":2}')
        expect(rows.find((r) => r.ticket === tickets[0])?.body).toBe('{"v":1}')
      })
    )
  )
})
