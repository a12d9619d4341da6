/**
 * The relay timeline's records, as the backend last told them: loaded whole (`relay.Errands`) when
 * the timeline opens and at every reload, then kept live by each `errand-records` frame, which
 * carries the records that changed, whole. A record's steps only ever grow, so a frame's copy
 * replaces the one held unless it holds fewer steps (an older frame overtaken on the way).
 */
import type { ErrandRecord } from "@lich/contract"
import type { LichEventWire } from "../api/wire.js"
import { Store } from "./Store.js"

export interface TimelineState {
  readonly byTicket: ReadonlyMap<string, ErrandRecord>
  /** a load has answered once */
  readonly loaded: boolean
}

const newer = (held: ErrandRecord | undefined, r: ErrandRecord) =>
  held === undefined || r.steps.length >= held.steps.length || r.endedAt > held.endedAt

export class TimelineStore extends Store<TimelineState> {
  constructor() {
    super({ byTicket: new Map(), loaded: false })
  }

  /** `relay.Errands` answered: the history as it is now, with any live frame that is newer kept. */
  loaded(records: ReadonlyArray<ErrandRecord>) {
    const next = new Map<string, ErrandRecord>()
    for (const r of records) next.set(r.ticket, r)
    for (const [t, r] of this.state.byTicket) if (newer(next.get(t), r) && next.has(t)) next.set(t, r)
    this.set({ byTicket: next, loaded: true })
  }

  follow(e: LichEventWire) {
    if (e._tag !== "errand-records") return
    let next: Map<string, ErrandRecord> | undefined
    for (const r of e.records as ReadonlyArray<ErrandRecord>) {
      if (!newer(this.state.byTicket.get(r.ticket), r)) continue
      next ??= new Map(this.state.byTicket)
      next.set(r.ticket, r)
    }
    if (next) this.set({ byTicket: next })
  }
}
