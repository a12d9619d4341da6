/**
 * The one place a session is all four things at once for a caller that is not the window: the row
 * (store), the PTY (terminal), the card (session-opened) and, with a worktree, the checkout. Opens
 * are serialised so the project counter, the row and the PTY of one open never interleave with
 * another's. It never reads a terminal's screen; what a session is doing comes from its hooks.
 */
import {
  type Checkout,
  type Closed,
  type ColorFolderPayload,
  type Filed,
  type FilePayload,
  type Folder,
  type FolderPainted,
  type FolderRenamed,
  type LichError,
  MAX_LABEL_CHARS,
  NotFound,
  type Opened,
  type OpenPayload,
  type Peer,
  type ProjectPayload,
  Refused,
  Renamed,
  type RenameFolderPayload,
  type RenamePayload,
  Started,
  type StartPayload
} from "@lich/contract"
import { EventHub } from "@lich/events"
import { isProviderId } from "@lich/providers"
import { type ProjectRow, Projects, Sessions } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Context, Effect, Layer, Option } from "effect"
import { type ClosePayload, makeClose } from "./close.js"
import { storeFailure } from "./failures.js"
import { makeFolders } from "./folders.js"
import { makeOpen, type OpenExtra } from "./open.js"
import { resolveTarget } from "./resolve.js"
import { ServerConfig } from "./ServerConfig.js"
import { SessionStates } from "./SessionStates.js"
import { scopeProject } from "./scope.js"
import { makeStartPty } from "./start.js"
import { type Card, cardOf, peerOf } from "./view.js"
import { listCheckouts } from "./worktrees.js"

export type { ClosePayload } from "./close.js"
export type { OpenExtra } from "./open.js"

export interface WorkspaceShape {
  readonly peers: (from: string) => Effect.Effect<ReadonlyArray<Peer>, LichError>
  readonly whoami: (from: string) => Effect.Effect<Peer, LichError>
  readonly open: (p: OpenPayload, extra?: OpenExtra) => Effect.Effect<Opened, LichError>
  readonly close: (p: ClosePayload) => Effect.Effect<Closed, LichError>
  readonly rename: (p: RenamePayload) => Effect.Effect<Renamed, LichError>
  /** Every open card (live or not), in tab then card order. */
  readonly cards: () => Effect.Effect<ReadonlyArray<Card>, LichError>
  /** The caller's own card, when `from` names an open session. */
  readonly caller: (from: string) => Effect.Effect<Option.Option<Card>, LichError>
  readonly worktrees: (p: ProjectPayload) => Effect.Effect<ReadonlyArray<Checkout>, LichError>
  readonly folders: (p: ProjectPayload) => Effect.Effect<ReadonlyArray<Folder>, LichError>
  readonly file: (p: FilePayload) => Effect.Effect<Filed, LichError>
  readonly renameFolder: (p: RenameFolderPayload) => Effect.Effect<FolderRenamed, LichError>
  readonly colorFolder: (p: ColorFolderPayload) => Effect.Effect<FolderPainted, LichError>
  /** Starts the PTY of an open card that has none, resuming its conversation when one is known. */
  readonly start: (p: StartPayload) => Effect.Effect<Started, LichError>
}

export class Workspace extends Context.Tag("lich/spawn/Workspace")<Workspace, WorkspaceShape>() {}

const services = Effect.all({ projects: Projects, sessions: Sessions, terminals: Terminals, states: SessionStates, hub: EventHub })

type WorkspaceDeps = Effect.Effect.Success<typeof services>

const cards = (d: WorkspaceDeps) =>
  storeFailure(
    Effect.gen(function* () {
      const open = yield* d.projects.listOpen()
      const byId = new Map<string, ProjectRow>(open.map((p) => [p.id, p]))
      const rows = yield* d.sessions.listOpen()
      return rows.flatMap((r) => {
        const p = byId.get(r.projectId)
        return p ? [cardOf(r, p)] : []
      })
    })
  )

const caller = (d: WorkspaceDeps, from: string) =>
  from === "" ? Effect.succeed(Option.none<Card>()) : Effect.map(cards(d), (cs) => Option.fromNullable(cs.find((c) => c.id === from)))

const peers = (d: WorkspaceDeps, from: string) =>
  Effect.gen(function* () {
    const all = yield* cards(d)
    const live = new Set(yield* d.terminals.liveIds())
    return yield* Effect.forEach(
      all.filter((c) => live.has(c.id) && c.id !== from),
      (c) => Effect.map(d.states.get(c.id), (s) => peerOf(c, s))
    )
  })

const whoami = (d: WorkspaceDeps, from: string) =>
  Effect.gen(function* () {
    const me = yield* caller(d, from)
    if (Option.isNone(me)) {
      return yield* new NotFound({
        what: "session",
        name: from,
        message: `this command runs with LICH_SESSION_ID=${from}, which names no open session of this lich`
      })
    }
    return peerOf(me.value, yield* d.states.get(from))
  })

/** Any open card, live or not: close reaches a card whose terminal was never opened. */
const findCard = (d: WorkspaceDeps, target: string, project: string) =>
  Effect.gen(function* () {
    const r = resolveTarget(yield* cards(d), target, project, "session")
    if (r._tag === "found") return r.candidate
    return yield* r._tag === "none"
      ? new NotFound({ what: "session", name: target, message: r.message })
      : new Refused({ message: r.message })
  })

const rename = (d: WorkspaceDeps, p: { from: string; target: string; project: string; label: string }) =>
  Effect.gen(function* () {
    const label = p.label.trim()
    if (label === "") return yield* new Refused({ message: "a session's name cannot be empty" })
    if ([...label].length > MAX_LABEL_CHARS) {
      return yield* new Refused({ message: `a session's name is at most ${MAX_LABEL_CHARS} characters` })
    }
    const card =
      p.target === ""
        ? yield* Effect.flatMap(caller(d, p.from), (c) =>
            Option.isSome(c)
              ? Effect.succeed(c.value)
              : Effect.fail(new Refused({ message: "this is not running in a lich session — name the session to rename" }))
          )
        : yield* findCard(d, p.target, p.project)
    if (yield* storeFailure(d.sessions.labelTaken(card.projectRow.id, label, card.id))) {
      return yield* new Refused({
        message: `"${label}" is already the name of another session in project "${card.project}" — two sessions under one name is what send cannot resolve; pick another`
      })
    }
    yield* storeFailure(d.sessions.rename(card.id, label))
    yield* d.hub.publish({ _tag: "session-title", id: card.id, label })
    return new Renamed({ id: card.id, project: card.project, label, previous: card.label })
  })

const start = (d: WorkspaceDeps, startPty: Effect.Effect.Success<typeof makeStartPty>, p: { from: string; target: string }) =>
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
  const d: WorkspaceDeps = yield* services
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
    peers: (from) => peers(d, from),
    whoami: (from) => whoami(d, from),
    open: yield* makeOpen(own),
    close: yield* makeClose(own),
    rename: (p) => rename(d, p),
    cards: own.cards,
    caller: own.caller,
    worktrees: (p) => Effect.flatMap(scope(p.from, p.project), (project) => Effect.flatMap(cards(d), (cs) => listCheckouts(project, cs))),
    folders: (p) => folderOps.folders(p.from, p.project),
    file: folderOps.file,
    renameFolder: folderOps.renameFolder,
    colorFolder: folderOps.colorFolder,
    start: (p) => startLock.withPermits(1)(start(d, startPty, p))
  } satisfies WorkspaceShape
})

export const WorkspaceLayer = Layer.effect(Workspace, make)
