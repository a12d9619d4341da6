/**
 * What the backend last read of each open session's checkout (`session-git`), of its review
 * (`session-review`) and of gh (`git.Gh`), for the cards and the dock alike: both render from this one copy, so they
 * cannot disagree. A read carries a rev that rises with each publish; the highest one is kept, so a
 * frame overtaken by a later one on the way is dropped. A backend that restarted counts revs from 1
 * again: a load (start, every reconnect) marks what is held as old, and anything read after it
 * replaces an old value whatever its rev.
 */
import type { GhStatusWire, LichEventWire, ReviewStateWire, SessionGitWire } from "../api/wire.js"
import { Store } from "./Store.js"

export interface GitState {
  readonly byId: ReadonlyMap<string, SessionGitWire>
  readonly reviews: ReadonlyMap<string, ReviewStateWire>
  /** what `gh auth status` said at the last load; undefined before it */
  readonly gh: GhStatusWire | undefined
}

const without = <V>(m: ReadonlyMap<string, V>, id: string): ReadonlyMap<string, V> => {
  if (!m.has(id)) return m
  const next = new Map(m)
  next.delete(id)
  return next
}

export class GitStore extends Store<GitState> {
  /** ids read since the last load began: only these are compared by rev */
  private fresh = new Set<string>()
  /** session-review frames taken per session: a review asked for before the last one is older than it */
  private readonly reviewFrames = new Map<string, number>()

  constructor() {
    super({ byId: new Map(), reviews: new Map(), gh: undefined })
  }

  /** A load begins: what is held stays on screen until something newer replaces it. */
  loading() {
    this.fresh = new Set()
  }

  /** `git.All`'s answer. */
  loaded(list: ReadonlyArray<SessionGitWire>) {
    let byId = this.state.byId
    for (const g of list) byId = this.merged(byId, g)
    if (byId !== this.state.byId) this.set({ byId })
  }

  ghLoaded(gh: GhStatusWire) {
    this.set({ gh })
  }

  /** `git.Review`'s answer, or a `session-review` frame: the session's review, whole. */
  reviewLoaded(r: ReviewStateWire) {
    const reviews = new Map(this.state.reviews)
    reviews.set(r.id, r)
    this.set({ reviews })
  }

  /** How many session-review frames of `id` were taken: what a `git.Review` asked now is compared with when it answers. */
  reviewsHeard(id: string): number {
    return this.reviewFrames.get(id) ?? 0
  }

  event(e: LichEventWire) {
    if (e._tag === "session-git") {
      const byId = this.merged(this.state.byId, e.git)
      if (byId !== this.state.byId) this.set({ byId })
    }
    if (e._tag === "session-review") {
      this.reviewFrames.set(e.review.id, this.reviewsHeard(e.review.id) + 1)
      this.reviewLoaded(e.review)
    }
    if (e._tag === "session-closed") this.set({ byId: without(this.state.byId, e.id), reviews: without(this.state.reviews, e.id) })
  }

  private merged(byId: ReadonlyMap<string, SessionGitWire>, g: SessionGitWire): ReadonlyMap<string, SessionGitWire> {
    const held = byId.get(g.id)
    if (held !== undefined && this.fresh.has(g.id) && held.rev >= g.rev) return byId
    this.fresh.add(g.id)
    const next = new Map(byId)
    next.set(g.id, g)
    return next
  }
}
