/**
 * `open`: validate everything first (nothing is written for a refused open), then the checkout, the
 * row, the card event, and the PTY — in that order, so the window has the card before any byte of
 * output. A worktree that cannot be made leaves nothing behind; a PTY that fails to start keeps its
 * row and card, because the card is the only place its error can be read. A kept worktree opened
 * again resumes its parked row: same id, same label, the provider's own resume.
 */

import * as crypto from "node:crypto"
import { Failed, type LichError, Opened, type OpenPayload, Refused } from "@lich/contract"
import { EventHub } from "@lich/events"
import { isProviderId, type ProviderId, refuseOpenOptions, unknownKindMessage } from "@lich/providers"
import { type ProjectRow, Projects, type SessionRow, Sessions, type Settings } from "@lich/store"
import { Effect, Option } from "effect"
import { decideConfined } from "./confine.js"
import { storeFailure } from "./failures.js"
import { isPathLike, openProjectsLine, projectByName, projectByPath } from "./projects.js"
import { ServerConfig } from "./ServerConfig.js"
import { makeStartPty } from "./start.js"
import { type Card, cardOf, sessionOf } from "./view.js"
import {
  type Checkout,
  commitOf,
  createCheckout,
  defaultBase,
  discardCheckout,
  existingCheckout,
  isRepository,
  worktreePath
} from "./worktree.js"

interface Deps {
  readonly cards: () => Effect.Effect<ReadonlyArray<Card>, LichError>
  readonly caller: (from: string) => Effect.Effect<Option.Option<Card>, LichError>
}

/**
 * What only lich itself asks of an open, never a caller's payload: a subagent worker shares its
 * caller's checkout (worktree or project directory) and runs one level below it.
 */
export interface OpenExtra {
  /** Open in this card's checkout, under the project's counter label. */
  readonly shareCheckoutOf?: Card
  /** Levels of `--subagent` above the new session; 0 for everyone else. */
  readonly depth?: number
}

/** 16 random bytes hex: unguessable, and what LICH_SESSION_ID carries. */
export const newSessionId = (): string => crypto.randomBytes(16).toString("hex")

const services = Effect.all({
  config: ServerConfig,
  projects: Projects,
  sessions: Sessions,
  hub: EventHub,
  startPty: makeStartPty,
  ctx: Effect.context<Projects | EventHub | Settings>()
})

type OpenDeps = Deps & Effect.Effect.Success<typeof services>

/** What one open was asked and has decided so far. */
interface Opening {
  readonly p: OpenPayload
  readonly project: ProjectRow
  readonly kind: ProviderId
  readonly me: Option.Option<Card>
}

const chooseKind = (kind: string, me: Option.Option<Card>) =>
  Effect.gen(function* () {
    if (kind !== "") {
      if (!isProviderId(kind)) return yield* new Refused({ message: unknownKindMessage(kind) })
      return kind
    }
    const mine = Option.map(me, (c) => c.row.kind)
    return Option.isSome(mine) && isProviderId(mine.value) ? mine.value : ("claude" as ProviderId)
  })

const chooseProject = (d: OpenDeps, project: string, me: Option.Option<Card>) =>
  Effect.gen(function* () {
    if (project !== "") {
      return yield* Effect.provide(isPathLike(project) ? projectByPath(project, d.config.home) : projectByName(project), d.ctx)
    }
    if (Option.isSome(me)) return me.value.projectRow
    const open = yield* storeFailure(d.projects.listOpen())
    return yield* new Refused({
      message: `no project given, and this is not running in a lich session — name one with --project (a name, or a directory's absolute path). ${openProjectsLine(open)}`
    })
  })

/** Row, card, PTY for a session nobody had before. */
const openNew = (d: OpenDeps, o: Opening & { checkout: Checkout | undefined; confined: boolean; extra?: OpenExtra | undefined }) =>
  Effect.gen(function* () {
    const { p, project, kind, me, checkout } = o
    const shared = o.extra?.shareCheckoutOf
    const seq = yield* storeFailure(d.projects.takeSeq(project.id))
    const branch = checkout?.branch ?? shared?.row.branch ?? ""
    // A worker in its caller's checkout takes the counter: the branch's name is the caller's.
    const taken = branch === "" || shared !== undefined || (yield* storeFailure(d.sessions.labelTaken(project.id, branch)))
    const row = yield* storeFailure(
      d.sessions.insert({
        id: newSessionId(),
        projectId: project.id,
        label: taken ? `Session ${seq}` : branch,
        kind,
        path: checkout?.path ?? shared?.row.path ?? "",
        branch,
        base: checkout?.base ?? shared?.row.base ?? "",
        baseSha: checkout?.baseSha ?? shared?.row.baseSha ?? "",
        folder: p.folder,
        model: p.model,
        effort: p.effort,
        ultracode: p.ultracode,
        confined: o.confined,
        originSessionId: Option.isSome(me) ? me.value.id : "",
        originLabel: Option.isSome(me) ? me.value.label : "",
        subagentDepth: o.extra?.depth ?? 0
      })
    )
    yield* storeFailure(d.projects.setActive(project.id, row.id))
    const card = cardOf(row, project)
    const session = sessionOf(card, seq + 1)
    const startError = yield* d.startPty({ card, kind, birth: true, setup: checkout?.fresh === true })
    // Told once its PTY runs: a window that shows the card at once attaches to a terminal that is there.
    yield* d.hub.publish({ _tag: "session-opened", session })
    return new Opened({ session, worktree: checkout?.path ?? shared?.row.path ?? "", startError, resumed: false })
  })

/** The parked row of a kept worktree, unparked under its own id and label, its conversation resumed. */
const resume = (d: OpenDeps, p: OpenPayload, project: ProjectRow, parked: SessionRow) =>
  Effect.gen(function* () {
    yield* storeFailure(d.sessions.unpark(parked.id))
    if (p.folder !== "") yield* storeFailure(d.sessions.setFolder(parked.id, p.folder))
    const row = Option.getOrElse(yield* storeFailure(d.sessions.get(parked.id)), () => parked)
    yield* storeFailure(d.projects.setActive(project.id, row.id))
    const card = cardOf(row, project)
    const session = sessionOf(card, project.nextSeq)
    const kind = row.kind as ProviderId
    const startError = yield* d.startPty({ card, kind, birth: row.providerSessionId === "", resumeId: row.providerSessionId, setup: false })
    yield* d.hub.publish({ _tag: "session-opened", session })
    return new Opened({ session, worktree: row.path, startError, resumed: true })
  })

const openWorktree = (d: OpenDeps, o: Opening, extra?: OpenExtra) =>
  Effect.gen(function* () {
    const { p, project, kind } = o
    const branch = p.worktree.trim()
    if (!(yield* isRepository(project.path))) {
      return yield* new Refused({ message: `project "${project.name}" at ${project.path} is not a git repository — --worktree needs one` })
    }
    const path = worktreePath(d.config.dataDir, project.id, branch)
    const kept = yield* existingCheckout(project.path, path).pipe(
      Effect.mapError((e) => new Failed({ message: `listing the worktrees of "${project.name}" failed: ${e.detail}` }))
    )
    const confinedHere = Effect.provide(decideConfined(d.config, kind, project.id, true, p.confine), d.ctx)
    if (Option.isSome(kept)) {
      const parked = yield* storeFailure(d.sessions.findParkedAtPath(project.id, path))
      if (Option.isSome(parked) && isProviderId(parked.value.kind) && (p.kind === "" || p.kind === parked.value.kind)) {
        return yield* resume(d, p, project, parked.value)
      }
      const confined = yield* confinedHere
      const held = kept.value.branch || branch
      const base = Option.isSome(parked) && parked.value.base !== "" ? parked.value.base : yield* defaultBase(project.path)
      const known = Option.isSome(parked) && parked.value.base === base ? parked.value.baseSha : yield* commitOf(project.path, base)
      const checkout: Checkout = {
        path,
        branch: held,
        fresh: false,
        createdBranch: false,
        base: base === held ? "" : base,
        baseSha: base === held ? "" : known
      }
      return yield* openNew(d, { ...o, checkout, confined, extra: { depth: extra?.depth ?? 0 } })
    }
    const confined = yield* confinedHere
    const dataRoot = `${d.config.dataDir}/worktrees`
    const checkout = yield* createCheckout({ root: project.path, project: project.name, branch, base: p.base, path, dataRoot })
    // Nothing of a failed open may stay behind: a row that could not be written takes the checkout with it.
    return yield* openNew(d, { ...o, checkout, confined, extra: { depth: extra?.depth ?? 0 } }).pipe(
      Effect.tapError(() => discardCheckout(project.path, dataRoot, checkout))
    )
  })

const open = (d: OpenDeps, p: OpenPayload, extra?: OpenExtra) =>
  Effect.gen(function* () {
    if (p.base !== "" && p.worktree === "") {
      return yield* new Refused({ message: "--base says where a new --worktree branch starts; it needs --worktree" })
    }
    const me = yield* d.caller(p.from)
    const kind = yield* chooseKind(p.kind, me)
    const refusal = refuseOpenOptions(kind, { model: p.model, effort: p.effort, ultracode: p.ultracode })
    if (refusal !== undefined) return yield* new Refused({ message: refusal })
    const project = yield* chooseProject(d, p.project, me)
    if (p.worktree.trim() !== "") return yield* openWorktree(d, { p, project, kind, me }, extra)
    // A worker sharing a worktree checkout is confined the way its caller's rung treats worktrees.
    const inWorktree = (extra?.shareCheckoutOf?.row.path ?? "") !== ""
    const confined = yield* Effect.provide(decideConfined(d.config, kind, project.id, inWorktree, p.confine), d.ctx)
    return yield* openNew(d, { p, project, kind, me, checkout: undefined, confined, extra })
  })

export const makeOpen = (deps: Deps) =>
  Effect.gen(function* () {
    const d: OpenDeps = { ...deps, ...(yield* services) }
    // One open at a time: counter, checkout, row and PTY of one open never interleave with another's.
    const lock = yield* Effect.makeSemaphore(1)
    return (p: OpenPayload, extra?: OpenExtra) => lock.withPermits(1)(open(d, p, extra))
  })
