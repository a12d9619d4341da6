/**
 * The one source of what every open session's checkout changed. A read is asked for by a touch
 * (`session-touched`), by a git directory moving (watch.ts: a commit, a checkout, a fetch), by a card
 * opening, or by a person; asks for one session within DEBOUNCE_MS make one read, and an ask that
 * lands during a read makes one more after it. Each read is published whole (`session-git`) with the
 * radar's overlaps and the PR the gh side last saw, so the card and the dock read the same value.
 * Nothing here polls.
 */
import { type LichError, NotFound, type Pr, Read, SessionGit } from "@lich/contract"
import { EventHub } from "@lich/events"
import { type Card, Workspace } from "@lich/spawn"
import { Clock, Context, Duration, Effect, Layer, Ref, Stream } from "effect"
import { Git, type GitShape } from "./Git.js"
import { changedOverlaps, overlapsOf } from "./radar.js"
import { emptyRead, readCheckout, type Target } from "./read.js"
import { type Moved, makeWatcher, type Place } from "./watch.js"

/** 250 ms: an agent's edit burst (several writes per tool call) lands as one read, and a person sees it at once. */
export const DEBOUNCE_MS = 250

export interface ChangesShape {
  /** The last read of an open session, made now when there is none. */
  readonly get: (id: string) => Effect.Effect<SessionGit, LichError>
  readonly all: () => Effect.Effect<ReadonlyArray<SessionGit>, LichError>
  /** Reads now and publishes; what an action that moved a ref calls before it answers. */
  readonly refresh: (id: string) => Effect.Effect<SessionGit, LichError>
  /** Asks for a debounced read. */
  readonly request: (id: string) => Effect.Effect<void>
  readonly card: (id: string) => Effect.Effect<Card, LichError>
  /** The gh side's view of the session's PR (undefined = none); republished with the last read. */
  readonly setPr: (id: string, pr: Pr | undefined) => Effect.Effect<void>
  /** reads made since start: the bench's figure */
  readonly reads: Effect.Effect<number>
}

export class Changes extends Context.Tag("lich/git/Changes")<Changes, ChangesShape>() {}

const withoutKey = <V>(m: Map<string, V>, k: string) => {
  const next = new Map(m)
  next.delete(k)
  return next
}

interface Slot {
  running: boolean
  again: boolean
}

const placeOf = (g: GitShape, dir: string) =>
  g.text(dir, ["rev-parse", "--path-format=absolute", "--git-dir", "--git-common-dir"]).pipe(
    Effect.map((s): Place | undefined => {
      const [gitDir, commonDir] = s.trim().split("\n")
      return gitDir && commonDir ? { dir, gitDir, commonDir } : undefined
    }),
    Effect.orElseSucceed(() => undefined)
  )

const make = Effect.gen(function* () {
  const g = yield* Git
  const ws = yield* Workspace
  const hub = yield* EventHub
  const scope = yield* Effect.scope
  const last = yield* Ref.make(new Map<string, SessionGit>())
  const prs = new Map<string, Pr>()
  const slots = new Map<string, Slot>()
  const places = new Map<string, Place>()
  let reads = 0
  const watcher = yield* makeWatcher

  const card = (id: string) =>
    Effect.flatMap(ws.cards(), (cs) => {
      const c = cs.find((x) => x.id === id)
      return c ? Effect.succeed(c) : Effect.fail(new NotFound({ what: "session", name: id, message: `no open session with id ${id}` }))
    })

  /** A worktree row from before bases were recorded compares against the project's current branch. */
  const targetOf = (c: Card) =>
    Effect.gen(function* () {
      const inWorktree = c.row.path !== "" && c.row.path !== c.projectPath
      let base = inWorktree ? c.row.base : ""
      if (inWorktree && base === "") {
        base = (yield* g.text(c.projectPath, ["symbolic-ref", "--short", "-q", "HEAD"]).pipe(Effect.orElseSucceed(() => ""))).trim()
        if (base === c.row.branch) base = ""
      }
      return { id: c.id, projectId: c.projectRow.id, dir: c.dir, base, baseSha: c.row.baseSha } satisfies Target
    })

  /** Publishes `next` for its session, then the radar's changes for the rest of its project. */
  const publish = (next: SessionGit, labels: Map<string, string>) =>
    Effect.gen(function* () {
      const changed = yield* Ref.modify(last, (m) => {
        const prev = m.get(next.id)
        const pr = prs.get(next.id)
        const mine = new Map(m)
        mine.set(next.id, next)
        const seats = [...mine.values()]
          .filter((s) => s.projectId === next.projectId && labels.has(s.id))
          .map((s) => ({ git: s, label: labels.get(s.id)! }))
        const overlaps = overlapsOf(seats)
        const bump = (s: SessionGit, rev: number) =>
          new SessionGit({ ...s, overlaps: overlaps.get(s.id) ?? [], rev, pr: s.id === next.id ? pr : s.pr })
        const out: Array<SessionGit> = [bump(next, (prev?.rev ?? 0) + 1)]
        for (const seat of changedOverlaps(seats, overlaps)) {
          if (seat.git.id !== next.id) out.push(bump(seat.git, seat.git.rev + 1))
        }
        for (const s of out) mine.set(s.id, s)
        return [out, mine] as const
      })
      for (const s of changed) yield* hub.publish({ _tag: "session-git", git: s })
      return changed[0]!
    })

  const readNow = (id: string) =>
    Effect.gen(function* () {
      const cards = yield* ws.cards()
      const c = cards.find((x) => x.id === id)
      if (c === undefined) {
        yield* Ref.update(last, (m) => withoutKey(m, id))
        return yield* new NotFound({ what: "session", name: id, message: `no open session with id ${id}` })
      }
      const t = yield* targetOf(c)
      const at = yield* Clock.currentTimeMillis
      reads++
      const got = yield* readCheckout(g, t, at).pipe(Effect.either)
      const prev = (yield* Ref.get(last)).get(id)
      const next =
        got._tag === "Right"
          ? got.right
          : // The last good read stays, marked stale; a first read that failed says why with nothing in it.
            (() => {
              const read = new Read({ source: "git", at: prev?.read.at ?? at, stale: true, error: got.left.detail })
              return prev !== undefined ? new SessionGit({ ...prev, read }) : emptyRead(t, read)
            })()
      return yield* publish(new SessionGit({ ...next, pr: prs.get(id) }), new Map(cards.map((x) => [x.id, x.label])))
    })

  /** One worker per session at a time: asks during its debounce or its read are folded into one more read. */
  const worker = (id: string): Effect.Effect<void> =>
    Effect.gen(function* () {
      yield* Effect.sleep(Duration.millis(DEBOUNCE_MS))
      const slot = slots.get(id)
      if (slot) slot.again = false
      yield* Effect.ignore(readNow(id))
      const s = slots.get(id)
      if (s?.again) return yield* worker(id)
      slots.delete(id)
    })

  const request = (id: string) =>
    Effect.suspend(() => {
      const slot = slots.get(id)
      if (slot) {
        slot.again = true
        return Effect.void
      }
      slots.set(id, { running: true, again: false })
      return Effect.asVoid(Effect.forkIn(worker(id), scope))
    })

  const rewatch = Effect.gen(function* () {
    const cards = yield* Effect.orElseSucceed(ws.cards(), () => [] as ReadonlyArray<Card>)
    for (const c of cards) {
      if (!places.has(c.dir)) {
        const p = yield* placeOf(g, c.dir)
        if (p) places.set(c.dir, p)
      }
    }
    const live = new Set(cards.map((c) => c.dir))
    for (const dir of places.keys()) if (!live.has(dir)) places.delete(dir)
    yield* watcher.reconcile([...places.values()])
    return cards
  })

  const onMoved = (m: Moved) =>
    Effect.gen(function* () {
      const cards = yield* Effect.orElseSucceed(ws.cards(), () => [] as ReadonlyArray<Card>)
      for (const c of cards) {
        const p = places.get(c.dir)
        if (p && (m._tag === "repository" ? p.commonDir === m.commonDir : p.gitDir === m.gitDir)) yield* request(c.id)
      }
    })

  yield* Effect.forkScoped(
    Stream.runForEach(hub.stream, (e) => {
      switch (e._tag) {
        case "session-touched":
          return request(e.id)
        case "session-opened":
          return Effect.zipRight(rewatch, request(e.session.id))
        case "session-closed":
          return Effect.zipRight(
            Ref.update(last, (m) => withoutKey(m, e.id)),
            Effect.asVoid(rewatch)
          )
        default:
          return Effect.void
      }
    })
  )
  yield* Effect.forkScoped(Effect.forever(Effect.flatMap(watcher.moved.take, onMoved)))
  yield* Effect.forkScoped(Effect.flatMap(rewatch, (cards) => Effect.forEach(cards, (c) => request(c.id), { discard: true })))

  const get = (id: string) =>
    Effect.flatMap(Ref.get(last), (m) => {
      const s = m.get(id)
      return s !== undefined ? Effect.succeed(s) : readNow(id)
    })

  return Changes.of({
    get,
    all: () => Effect.flatMap(ws.cards(), (cs) => Effect.forEach(cs, (c) => get(c.id), { concurrency: 2 })),
    refresh: readNow,
    request,
    card,
    setPr: (id, pr) =>
      Effect.gen(function* () {
        if (pr === undefined) prs.delete(id)
        else prs.set(id, pr)
        const s = (yield* Ref.get(last)).get(id)
        if (s === undefined) return
        const cards = yield* Effect.orElseSucceed(ws.cards(), () => [] as ReadonlyArray<Card>)
        yield* publish(new SessionGit({ ...s, pr }), new Map(cards.map((x) => [x.id, x.label])))
      }),
    reads: Effect.sync(() => reads)
  })
})

export const ChangesLayer = Layer.scoped(Changes, make)
