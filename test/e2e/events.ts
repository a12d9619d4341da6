/**
 * The backend's /events for the real-provider rigs, buffered from the moment the socket opens so an
 * event that lands before a test asks for it is not lost. Two ways to ask, because the suites ask two
 * questions: `take` hands each event to one asker (the Claude Code suites wait for the next event of
 * a kind, and a second wait must not see the first one again), `find` lets every asker see every event
 * (the Codex and opencode suites ask whether something happened at all, in any order).
 */
import { WebSocket } from "ws"
import { type Backend, tokenOf } from "../harness.js"

export type LichEvent = Record<string, unknown> & { readonly _tag: string }

type Test = (e: LichEvent) => boolean
interface Waiter {
  readonly test: Test
  readonly resolve: (e: LichEvent) => void
}

export interface EventFeed {
  readonly ws: WebSocket
  /** The first event (already here, or still to come) that passes `test` and no `take` had yet. */
  readonly take: (test: Test) => Promise<LichEvent>
  /** The first event (already here, or still to come) that passes `test`, taken or not. */
  readonly find: (test: Test) => Promise<LichEvent>
  /** Whether an event that passes `test` has arrived so far. */
  readonly seen: (test: Test) => boolean
}

const waitFor = (waiters: Array<Waiter>, test: Test, here: LichEvent | undefined) =>
  new Promise<LichEvent>((resolve) => {
    if (here !== undefined) resolve(here)
    else waiters.push({ test, resolve })
  })

export const subscribeEvents = async (b: Backend): Promise<EventFeed> => {
  const all: Array<LichEvent> = []
  const untaken: Array<LichEvent> = []
  const takers: Array<Waiter> = []
  const finders: Array<Waiter> = []
  const ws = new WebSocket(`ws://127.0.0.1:${b.port}/events?token=${tokenOf(b)}`)
  ws.on("message", (data) => {
    const e = JSON.parse(String(data)) as LichEvent
    all.push(e)
    for (const w of [...finders]) if (w.test(e)) finders.splice(finders.indexOf(w), 1)[0]!.resolve(e)
    const t = takers.findIndex((x) => x.test(e))
    if (t >= 0) takers.splice(t, 1)[0]!.resolve(e)
    else untaken.push(e)
  })
  await new Promise((resolve) => ws.once("open", resolve))
  return {
    ws,
    take: (test) => {
      const i = untaken.findIndex(test)
      return waitFor(takers, test, i >= 0 ? untaken.splice(i, 1)[0] : undefined)
    },
    find: (test) => waitFor(finders, test, all.find(test)),
    seen: (test) => all.some(test)
  }
}
