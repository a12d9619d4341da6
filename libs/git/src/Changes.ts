/**
 * The one source of what every open session's checkout changed. A read is asked for by a touch
 * (`session-touched`), by a git directory moving (watch.ts: a commit, a checkout, a fetch), by a card
 * opening, or by a person; asks for one session within DEBOUNCE_MS make one read, and an ask that
 * lands during a read makes one more after it. Each read is published whole (`session-git`) with the
 * radar's overlaps and the PR the gh side last saw, so the card and the dock read the same value.
 * While no window is attached (viewers.ts) an ask reads nothing: the session is owed a read, made
 * when something looks (`get`: the window's load, a review, a PR) or a window attaches (`catchUp`).
 * Nothing here polls.
 */
import { type LichError, type LichEvent, NotFound, type Pr, Read, SessionGit } from "@lich/contract"
import { EventHub } from "@lich/events"
import { type Card, Workspace } from "@lich/spawn"
import { Clock, Context, Duration, Effect, Layer, Option, Ref, type Scope } from "effect"
import { Git, type GitShape } from "./Git.js"
import { changedOverlaps, overlapsOf } from "./radar.js"
import { emptyRead, type Memo, readCheckout, type Target } from "./read.js"
import { Viewers } from "./viewers.js"
import { type Moved, makeWatcher, type Place, type Watcher } from "./watch.js"

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
  /** Asks a read of every session owed one (asked while nobody watched): a window has just attached. */
  readonly catchUp: Effect.Effect<void>
}

export class Changes extends Context.Tag("lich/git/Changes")<Changes, ChangesShape>() {}

interface Deps {
  readonly g: GitShape
  readonly ws: Workspace["Type"]
  readonly hub: EventHub["Type"]
  readonly scope: Scope.Scope
  readonly watcher: Watcher
  /** every open session's last read */
  readonly last: Ref.Ref<ReadonlyMap<string, SessionGit>>
  readonly prs: Map<string, Pr>
  /** a session with a worker: `again` when an ask came during its debounce or read */
  readonly slots: Map<string, { again: boolean }>
  /** each checkout's git directories, for the watcher; `null`: git said the folder is in no repository */
  readonly places: Map<string, Place | null>
  readonly counts: { reads: number }
  /** sessions asked to be read while nobody watched: read when next looked at (get) or a window attaches */
  readonly owed: Set<string>
  readonly watching: Effect.Effect<boolean>
  /** what HEAD and the base decide, per session, kept between reads */
  readonly memos: Map<string, Memo>
}

const noSession = (id: string) => new NotFound({ what: "session", name: id, message: `no open session with id ${id}` })

const cardsOr = (d: Deps) => Effect.orElseSucceed(d.ws.cards(), () => [] as ReadonlyArray<Card>)
const labelsOf = (cards: ReadonlyArray<Card>) => new Map(cards.map((c) => [c.id, c.label]))

const cardOf = (d: Deps, id: string) =>
  Effect.flatMap(d.ws.cards(), (cs) => {
    const c = cs.find((x) => x.id === id)
    return c ? Effect.succeed(c) : Effect.fail(noSession(id))
  })

/** The folder's git directories; null when git says it is in no repository; undefined when git could not say (ask again). */
const placeOf = (g: GitShape, dir: string) =>
  g.text(dir, ["rev-parse", "--path-format=absolute", "--git-dir", "--git-common-dir"]).pipe(
    Effect.map((s): Place | null | undefined => {
      const [gitDir, commonDir] = s.trim().split("\n")
      return gitDir && commonDir ? { dir, gitDir, commonDir } : undefined
    }),
    Effect.catchAll((e) => Effect.succeed(/not a git repository/.test(e.stderr) ? null : undefined))
  )

/** A worktree row from before bases were recorded compares against the project's current branch. */
const targetOf = (d: Deps, c: Card) =>
  Effect.gen(function* () {
    const inWorktree = c.row.path !== "" && c.row.path !== c.projectPath
    let base = inWorktree ? c.row.base : ""
    if (inWorktree && base === "") {
      base = (yield* d.g.text(c.projectPath, ["symbolic-ref", "--short", "-q", "HEAD"]).pipe(Effect.orElseSucceed(() => ""))).trim()
      if (base === c.row.branch) base = ""
    }
    return { id: c.id, projectId: c.projectRow.id, dir: c.dir, base, baseSha: c.row.baseSha } satisfies Target
  })

/**
 * Writes `next` (or drops `gone`) and publishes it, with every other session of the project whose
 * overlaps changed because of it, each with its rev raised. One Ref.modify: reads of two sessions
 * finishing together never publish overlaps computed from a stale view of each other.
 */
const publish = (
  d: Deps,
  change: { readonly next?: SessionGit; readonly gone?: string; readonly projectId: string },
  labels: Map<string, string>
) =>
  Effect.gen(function* () {
    const out = yield* Ref.modify(d.last, (m) => {
      const mine = new Map(m)
      if (change.gone !== undefined) mine.delete(change.gone)
      if (change.next !== undefined) mine.set(change.next.id, change.next)
      const seats = [...mine.values()]
        .filter((s) => s.projectId === change.projectId && labels.has(s.id))
        .map((s) => ({ git: s, label: labels.get(s.id)! }))
      const overlaps = overlapsOf(seats)
      const bump = (s: SessionGit, rev: number) => new SessionGit({ ...s, overlaps: overlaps.get(s.id) ?? [], rev })
      const published: Array<SessionGit> = []
      if (change.next !== undefined) published.push(bump(change.next, (m.get(change.next.id)?.rev ?? 0) + 1))
      for (const seat of changedOverlaps(seats, overlaps)) {
        if (seat.git.id !== change.next?.id) published.push(bump(seat.git, seat.git.rev + 1))
      }
      for (const s of published) mine.set(s.id, s)
      return [published, mine] as const
    })
    for (const s of out) yield* d.hub.publish({ _tag: "session-git", git: s })
    return out[0]
  })

const readNow = (d: Deps, id: string) =>
  Effect.gen(function* () {
    d.owed.delete(id)
    const cards = yield* d.ws.cards()
    const c = cards.find((x) => x.id === id)
    if (c === undefined) return yield* noSession(id)
    const t = yield* targetOf(d, c)
    const at = yield* Clock.currentTimeMillis
    d.counts.reads++
    const got = yield* Effect.either(readCheckout(d.g, t, at, d.memos))
    const prev = (yield* Ref.get(d.last)).get(id)
    let next: SessionGit
    if (got._tag === "Right") next = got.right
    else {
      // The last good read stays, marked stale; a first read that failed says why with nothing in it.
      const read = new Read({ source: "git", at: prev?.read.at ?? at, stale: true, error: got.left.detail })
      next = prev !== undefined ? new SessionGit({ ...prev, read }) : emptyRead(t, read)
    }
    const published = yield* publish(d, { next: new SessionGit({ ...next, pr: d.prs.get(id) }), projectId: t.projectId }, labelsOf(cards))
    return published!
  })

/** One worker per session at a time: asks during its debounce or its read are folded into one more read. */
const worker = (d: Deps, id: string): Effect.Effect<void> =>
  Effect.gen(function* () {
    yield* Effect.sleep(Duration.millis(DEBOUNCE_MS))
    const slot = d.slots.get(id)
    if (slot) slot.again = false
    yield* Effect.ignore(readNow(d, id))
    if (d.slots.get(id)?.again) return yield* worker(d, id)
    d.slots.delete(id)
  })

/** A debounced read; with nobody watching, only a note that the session is owed one (viewers.ts). */
const request = (d: Deps, id: string) =>
  Effect.flatMap(d.watching, (watching) => {
    if (!watching) {
      d.owed.add(id)
      return Effect.void
    }
    const slot = d.slots.get(id)
    if (slot) {
      slot.again = true
      return Effect.void
    }
    d.slots.set(id, { again: false })
    return Effect.asVoid(Effect.forkIn(worker(d, id), d.scope))
  })

/** Watches exactly the git directories of the open checkouts; answers the open cards. */
/**
 * Watches exactly the git directories of the open checkouts; answers the open cards. A folder git
 * called no repository is not asked again for every card that opens — with N cards there that made
 * N²/2 gits (2,231 for 50 sessions in one plain folder) — only when a session opens in it (`opened`,
 * that session's id), which is when a `git init` since would matter.
 */
const rewatch = (d: Deps, opened?: string) =>
  Effect.gen(function* () {
    const cards = yield* cardsOr(d)
    for (const c of cards) {
      const known = d.places.get(c.dir)
      if (known !== undefined && !(known === null && c.id === opened)) continue
      const p = yield* placeOf(d.g, c.dir)
      if (p !== undefined) d.places.set(c.dir, p)
    }
    const open = new Set(cards.map((c) => c.dir))
    for (const dir of d.places.keys()) if (!open.has(dir)) d.places.delete(dir)
    yield* d.watcher.reconcile([...d.places.values()].filter((p): p is Place => p !== null))
    return cards
  })

const onMoved = (d: Deps, m: Moved) =>
  Effect.gen(function* () {
    for (const c of yield* cardsOr(d)) {
      const p = d.places.get(c.dir)
      if (p && (m._tag === "repository" ? p.commonDir === m.commonDir : p.gitDir === m.gitDir)) yield* request(d, c.id)
    }
  })

const onEvent = (d: Deps, e: LichEvent): Effect.Effect<void> => {
  switch (e._tag) {
    case "session-touched":
      return request(d, e.id)
    case "session-opened":
      return Effect.zipRight(rewatch(d, e.session.id), request(d, e.session.id))
    case "session-closed":
      d.memos.delete(e.id)
      d.owed.delete(e.id)
      // Its overlaps leave the other cards of its project with it.
      return Effect.flatMap(rewatch(d), (cards) => Effect.asVoid(publish(d, { gone: e.id, projectId: e.projectId }, labelsOf(cards))))
    default:
      return Effect.void
  }
}

const get = (d: Deps, id: string) =>
  Effect.flatMap(Ref.get(d.last), (m) => {
    const s = m.get(id)
    // A session owed a read is read now: what it holds predates what was asked while nobody watched.
    return s !== undefined && !d.owed.has(id) ? Effect.succeed(s) : readNow(d, id)
  })

const setPr = (d: Deps, id: string, pr: Pr | undefined) =>
  Effect.gen(function* () {
    if (pr === undefined) d.prs.delete(id)
    else d.prs.set(id, pr)
    const s = (yield* Ref.get(d.last)).get(id)
    if (s === undefined) return
    yield* publish(d, { next: new SessionGit({ ...s, pr }), projectId: s.projectId }, labelsOf(yield* cardsOr(d)))
  })

const make = Effect.gen(function* () {
  const d: Deps = {
    g: yield* Git,
    ws: yield* Workspace,
    hub: yield* EventHub,
    scope: yield* Effect.scope,
    watcher: yield* makeWatcher,
    last: yield* Ref.make<ReadonlyMap<string, SessionGit>>(new Map()),
    prs: new Map(),
    slots: new Map(),
    places: new Map(),
    counts: { reads: 0 },
    memos: new Map(),
    owed: new Set(),
    watching: Option.match(yield* Effect.serviceOption(Viewers), { onNone: () => Effect.succeed(true), onSome: (v) => v.watching })
  }
  yield* d.hub.listen((e) => onEvent(d, e))
  yield* Effect.forkScoped(Effect.forever(Effect.flatMap(d.watcher.moved.take, (m) => onMoved(d, m))))
  yield* Effect.forkScoped(Effect.flatMap(rewatch(d), (cards) => Effect.forEach(cards, (c) => request(d, c.id), { discard: true })))
  return Changes.of({
    get: (id) => get(d, id),
    all: () => Effect.flatMap(d.ws.cards(), (cs) => Effect.forEach(cs, (c) => get(d, c.id), { concurrency: 2 })),
    refresh: (id) => readNow(d, id),
    request: (id) => request(d, id),
    card: (id) => cardOf(d, id),
    setPr: (id, pr) => setPr(d, id, pr),
    reads: Effect.sync(() => d.counts.reads),
    catchUp: Effect.suspend(() => Effect.forEach([...d.owed], (id) => request(d, id), { discard: true }))
  })
})

export const ChangesLayer = Layer.scoped(Changes, make)
