/**
 * The one place a session is all four things at once for a caller that is not the window: the row
 * (store), the PTY (terminal), the card (session-opened) and, with a worktree, the checkout. Opens
 * are serialised so the project counter, the row and the PTY of one open never interleave with
 * another's. It never reads a terminal's screen; what a session is doing comes from its hooks.
 */
import {
  type Closed,
  type ClosePayload,
  type Filed,
  type FilePayload,
  type LichError,
  NotFound,
  type Opened,
  type OpenPayload,
  Refused,
  Started,
  type StartPayload
} from "@lich/contract"
import { isProviderId } from "@lich/providers"
import { type ProjectRow, Projects, type SessionRow, Sessions } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Context, Effect, Layer, Option } from "effect"
import { makeClose } from "./close.js"
import { storeFailure } from "./failures.js"
import { makeFolders } from "./folders.js"
import { makeOpen, type OpenExtra } from "./open.js"
import { resolveTarget } from "./resolve.js"
import { ServerConfig } from "./ServerConfig.js"
import { scopeProject } from "./scope.js"
import { makeStartPty } from "./start.js"
import { type Card, cardOf } from "./view.js"

export type { OpenExtra } from "./open.js"

/** What the relay, the desk and the spawn procedures share of the workspace. */
export interface WorkspaceShape {
  readonly open: (p: OpenPayload, extra?: OpenExtra) => Effect.Effect<Opened, LichError>
  readonly close: (p: ClosePayload) => Effect.Effect<Closed, LichError>
  /** Every open card (live or not), in tab then card order. */
  readonly cards: () => Effect.Effect<ReadonlyArray<Card>, LichError>
  /** The caller's own card, when `from` names an open session. */
  readonly caller: (from: string) => Effect.Effect<Option.Option<Card>, LichError>
  /** Any open card, live or not, by the name a caller typed: close reaches a card whose terminal was never opened. */
  readonly findCard: (target: string, project: string) => Effect.Effect<Card, LichError>
  /** Which project a listing or folder command means (scope.ts). */
  readonly scope: (from: string, project: string) => Effect.Effect<ProjectRow, LichError>
  readonly file: (p: FilePayload) => Effect.Effect<Filed, LichError>
  /** Starts the PTY of an open card that has none, resuming its conversation when one is known. */
  readonly start: (p: StartPayload) => Effect.Effect<Started, LichError>
}

export class Workspace extends Context.Tag("lich/spawn/Workspace")<Workspace, WorkspaceShape>() {}

const services = Effect.all({ projects: Projects, sessions: Sessions, terminals: Terminals })

type WorkspaceDeps = Effect.Effect.Success<typeof services> & { readonly built: ReturnType<typeof cardsFrom> }

/** The cards of these rows; built again only when the store handed out new rows (it keeps them while unchanged). */
const cardsFrom = () => {
  let last: { open: ReadonlyArray<ProjectRow>; rows: ReadonlyArray<SessionRow>; cards: ReadonlyArray<Card> } | undefined
  return (open: ReadonlyArray<ProjectRow>, rows: ReadonlyArray<SessionRow>): ReadonlyArray<Card> => {
    if (last !== undefined && last.open === open && last.rows === rows) return last.cards
    const byId = new Map<string, ProjectRow>(open.map((p) => [p.id, p]))
    const cards = rows.flatMap((r) => {
      const p = byId.get(r.projectId)
      return p ? [cardOf(r, p)] : []
    })
    last = { open, rows, cards }
    return cards
  }
}

const cards = (d: WorkspaceDeps) =>
  storeFailure(
    Effect.gen(function* () {
      const open = yield* d.projects.listOpen()
      const rows = yield* d.sessions.listOpen()
      return d.built(open, rows)
    })
  )

const caller = (d: WorkspaceDeps, from: string) =>
  from === "" ? Effect.succeed(Option.none<Card>()) : Effect.map(cards(d), (cs) => Option.fromNullable(cs.find((c) => c.id === from)))

const findCard = (d: WorkspaceDeps, target: string, project: string) =>
  Effect.gen(function* () {
    const r = resolveTarget(yield* cards(d), target, project, "session")
    if (r._tag === "found") return r.candidate
    return yield* r._tag === "none"
      ? new NotFound({ what: "session", name: target, message: r.message })
      : new Refused({ message: r.message })
  })

const start = (d: WorkspaceDeps, startPty: Effect.Effect.Success<typeof makeStartPty>, p: StartPayload) =>
  Effect.gen(function* () {
    const card = yield* findCard(d, p.target, "")
    if (yield* d.terminals.isLive(card.id)) return new Started({ id: card.id, started: false, startError: "" })
    if (!isProviderId(card.row.kind)) {
      return yield* new Refused({ message: `"${card.label}" runs "${card.row.kind}", which is not a provider lich runs` })
    }
    const resumeId = card.row.providerSessionId
    const startError = yield* startPty({ card, kind: card.row.kind, birth: resumeId === "", resumeId, setup: false })
    return new Started({ id: card.id, started: startError === "", startError })
  })

const make = Effect.gen(function* () {
  const d: WorkspaceDeps = { ...(yield* services), built: cardsFrom() }
  const home = (yield* ServerConfig).home
  const own = {
    cards: () => cards(d),
    caller: (from: string) => caller(d, from),
    findCard: (target: string, project: string) => findCard(d, target, project)
  }
  const scope = (from: string, project: string) =>
    Effect.provideService(scopeProject({ ...own, home }, from, project), Projects, d.projects)
  const folderOps = yield* makeFolders({ ...own, scope })
  const startPty = yield* makeStartPty
  // One start at a time per backend: two windows viewing the same card must not start it twice.
  const startLock = yield* Effect.makeSemaphore(1)
  return {
    open: yield* makeOpen(own),
    close: yield* makeClose(own),
    ...own,
    scope,
    file: folderOps.file,
    start: (p) => startLock.withPermits(1)(start(d, startPty, p))
  } satisfies WorkspaceShape
})

export const WorkspaceLayer = Layer.effect(Workspace, make)
