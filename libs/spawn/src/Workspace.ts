/**
 * The one place a session is all four things at once for a caller that is not the window: the row
 * (store), the PTY (terminal), the card (session-opened) and, with a worktree, the checkout. Opens
 * are serialised so the project counter, the row and the PTY of one open never interleave with
 * another's. It never reads a terminal's screen; what a session is doing comes from its hooks.
 */
import {
  type Checkout,
  type Closed,
  type Filed,
  type Folder,
  type FolderPainted,
  type FolderRenamed,
  NotFound,
  type Opened,
  type OpenPayload,
  Refused,
  Renamed,
  type LichError,
  type Peer,
  MAX_LABEL_CHARS,
  Started
} from "@lich/contract"
import { EventHub } from "@lich/events"
import { isProviderId } from "@lich/providers"
import { Projects, Sessions, type ProjectRow } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Context, Effect, Layer, Option } from "effect"
import { type ClosePayload, makeClose } from "./close.js"
import { storeFailure } from "./failures.js"
import { makeFolders } from "./folders.js"
import { makeOpen, type OpenExtra } from "./open.js"
import { makeStartPty } from "./start.js"
import { resolveTarget } from "./resolve.js"
import { scopeProject } from "./scope.js"
import { ServerConfig } from "./ServerConfig.js"
import { SessionStates } from "./SessionStates.js"
import { cardOf, peerOf, type Card } from "./view.js"
import { listCheckouts } from "./worktrees.js"

export type { ClosePayload } from "./close.js"
export type { OpenExtra } from "./open.js"

export interface WorkspaceShape {
  readonly peers: (from: string) => Effect.Effect<ReadonlyArray<Peer>, LichError>
  readonly whoami: (from: string) => Effect.Effect<Peer, LichError>
  readonly open: (p: OpenPayload, extra?: OpenExtra) => Effect.Effect<Opened, LichError>
  readonly close: (p: ClosePayload) => Effect.Effect<Closed, LichError>
  readonly rename: (p: { from: string; target: string; project: string; label: string }) => Effect.Effect<Renamed, LichError>
  /** Every open card (live or not), in tab then card order. */
  readonly cards: () => Effect.Effect<ReadonlyArray<Card>, LichError>
  /** The caller's own card, when `from` names an open session. */
  readonly caller: (from: string) => Effect.Effect<Option.Option<Card>, LichError>
  readonly worktrees: (p: { from: string; project: string }) => Effect.Effect<ReadonlyArray<Checkout>, LichError>
  readonly folders: (p: { from: string; project: string }) => Effect.Effect<ReadonlyArray<Folder>, LichError>
  readonly file: (p: { from: string; target: string; project: string; folder: string }) => Effect.Effect<Filed, LichError>
  readonly renameFolder: (p: { from: string; project: string; folder: string; to: string }) => Effect.Effect<FolderRenamed, LichError>
  readonly colorFolder: (p: { from: string; project: string; folder: string; color: string }) => Effect.Effect<FolderPainted, LichError>
  /** Starts the PTY of an open card that has none, resuming its conversation when one is known. */
  readonly start: (p: { from: string; target: string }) => Effect.Effect<Started, LichError>
}

export class Workspace extends Context.Tag("lich/spawn/Workspace")<Workspace, WorkspaceShape>() {}

const make = Effect.gen(function* () {
  const projects = yield* Projects
  const sessions = yield* Sessions
  const terminals = yield* Terminals
  const states = yield* SessionStates
  const hub = yield* EventHub
  const config = yield* ServerConfig

  const cards = () =>
    storeFailure(
      Effect.gen(function* () {
        const open = yield* projects.listOpen()
        const byId = new Map<string, ProjectRow>(open.map((p) => [p.id, p]))
        const rows = yield* sessions.listOpen()
        return rows.flatMap((r) => {
          const p = byId.get(r.projectId)
          return p ? [cardOf(r, p)] : []
        })
      })
    )

  const liveCards = Effect.gen(function* () {
    const all = yield* cards()
    const live = new Set(yield* terminals.liveIds())
    return all.filter((c) => live.has(c.id))
  })

  const caller = (from: string) =>
    from === "" ? Effect.succeed(Option.none<Card>()) : Effect.map(cards(), (cs) => Option.fromNullable(cs.find((c) => c.id === from)))

  const peers = (from: string) =>
    Effect.gen(function* () {
      const live = yield* liveCards
      return yield* Effect.forEach(
        live.filter((c) => c.id !== from),
        (c) => Effect.map(states.get(c.id), (s) => peerOf(c, s))
      )
    })

  const whoami = (from: string) =>
    Effect.gen(function* () {
      const me = yield* caller(from)
      if (Option.isNone(me)) {
        return yield* new NotFound({
          what: "session",
          name: from,
          message: `this command runs with LICH_SESSION_ID=${from}, which names no open session of this lich`
        })
      }
      return peerOf(me.value, yield* states.get(from))
    })

  /** Any open card, live or not: close reaches a card whose terminal was never opened. */
  const findCard = (target: string, project: string) =>
    Effect.gen(function* () {
      const r = resolveTarget(yield* cards(), target, project, "session")
      if (r._tag === "found") return r.candidate
      return yield* (r._tag === "none"
        ? new NotFound({ what: "session", name: target, message: r.message })
        : new Refused({ message: r.message }))
    })

  const rename = (p: { from: string; target: string; project: string; label: string }) =>
    Effect.gen(function* () {
      const label = p.label.trim()
      if (label === "") return yield* new Refused({ message: "a session's name cannot be empty" })
      if ([...label].length > MAX_LABEL_CHARS) {
        return yield* new Refused({ message: `a session's name is at most ${MAX_LABEL_CHARS} characters` })
      }
      const card =
        p.target === ""
          ? yield* Effect.flatMap(caller(p.from), (c) =>
              Option.isSome(c)
                ? Effect.succeed(c.value)
                : Effect.fail(new Refused({ message: "this is not running in a lich session — name the session to rename" }))
            )
          : yield* findCard(p.target, p.project)
      if (yield* storeFailure(sessions.labelTaken(card.projectRow.id, label, card.id))) {
        return yield* new Refused({
          message: `"${label}" is already the name of another session in project "${card.project}" — two sessions under one name is what send cannot resolve; pick another`
        })
      }
      yield* storeFailure(sessions.rename(card.id, label))
      yield* hub.publish({ _tag: "session-title", id: card.id, label })
      return new Renamed({ id: card.id, project: card.project, label, previous: card.label })
    })

  const open = yield* makeOpen({ cards, caller })
  const startPty = yield* makeStartPty
  // One start at a time per backend: two windows viewing the same card must not start it twice.
  const startLock = yield* Effect.makeSemaphore(1)
  const start = (p: { from: string; target: string }) =>
    startLock.withPermits(1)(
      Effect.gen(function* () {
        const card = yield* findCard(p.target, "")
        if (yield* terminals.isLive(card.id)) return new Started({ id: card.id, started: false, startError: "" })
        if (!isProviderId(card.row.kind)) {
          return yield* new Refused({ message: `"${card.label}" runs "${card.row.kind}", which is not a provider lich runs` })
        }
        const resumeId = card.row.providerSessionId
        const startError = yield* startPty({ card, kind: card.row.kind, birth: resumeId === "", resumeId, setup: false })
        return new Started({ id: card.id, started: startError === "", startError })
      })
    )
  const close = yield* makeClose({ cards, findCard })
  const scope = (from: string, project: string) => Effect.provideService(scopeProject({ cards, caller, home: config.home }, from, project), Projects, projects)
  const folderOps = yield* makeFolders({ caller, findCard, scope })
  const worktrees = (p: { from: string; project: string }) =>
    Effect.gen(function* () {
      const project = yield* scope(p.from, p.project)
      return yield* listCheckouts(project, yield* cards())
    })

  return {
    peers,
    whoami,
    open,
    close,
    rename,
    cards,
    caller,
    worktrees,
    folders: (p: { from: string; project: string }) => folderOps.folders(p.from, p.project),
    file: folderOps.file,
    renameFolder: folderOps.renameFolder,
    colorFolder: folderOps.colorFolder,
    start
  } satisfies WorkspaceShape
})

export const WorkspaceLayer = Layer.effect(Workspace, make)
