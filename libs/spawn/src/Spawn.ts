/**
 * The workspace's procedures as lich serves them: the `spawn.` group (sessions opened, closed,
 * named, started and filed) and `relay.Peers`/`relay.Whoami` (who is there). Each handler takes the
 * payload the server decoded; the window's own `desk.` group is Desk.ts.
 */
import {
  type ClosePayload,
  type ColorFolderPayload,
  type FilePayload,
  type FromId,
  type OpenPayload,
  PeerRpcs,
  type ProjectPayload,
  type RenameFolderPayload,
  type RenamePayload,
  SpawnRpcs,
  type StartPayload
} from "@lich/contract"
import { EventHub } from "@lich/events"
import { Sessions } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Effect, Layer } from "effect"
import { CloseNotice } from "./CloseNotice.js"
import { makeFolders } from "./folders.js"
import { peers, whoami } from "./peers.js"
import { rename } from "./rename.js"
import { resolveTarget } from "./resolve.js"
import { SessionStates } from "./SessionStates.js"
import { Workspace } from "./Workspace.js"
import { listCheckouts } from "./worktrees.js"

const spawnHandlers = Effect.gen(function* () {
  const ws = yield* Workspace
  const notice = yield* CloseNotice
  const renaming = { ws, sessions: yield* Sessions, hub: yield* EventHub }
  const folders = yield* makeFolders(ws)
  return SpawnRpcs.of({
    "spawn.Open": Effect.fn("spawn.Open")((p: OpenPayload) => ws.open(p)),
    // The relay hears who closed it first: a caller closing its own worker hears nothing back.
    "spawn.Close": Effect.fn("spawn.Close")(function* (p: ClosePayload) {
      const r = resolveTarget(yield* ws.cards(), p.target, p.project, "session")
      if (r._tag === "found") yield* notice.closing(r.candidate.id, p.from)
      return yield* ws.close(p)
    }),
    "spawn.Rename": Effect.fn("spawn.Rename")((p: RenamePayload) => rename(renaming, p)),
    "spawn.Start": Effect.fn("spawn.Start")((p: StartPayload) => ws.start(p)),
    "spawn.Worktrees": Effect.fn("spawn.Worktrees")(function* (p: ProjectPayload) {
      return yield* listCheckouts(yield* ws.scope(p.from, p.project), yield* ws.cards())
    }),
    "spawn.Folders": Effect.fn("spawn.Folders")((p: ProjectPayload) => folders.folders(p.from, p.project)),
    "spawn.File": Effect.fn("spawn.File")((p: FilePayload) => ws.file(p)),
    "spawn.RenameFolder": Effect.fn("spawn.RenameFolder")((p: RenameFolderPayload) => folders.renameFolder(p)),
    "spawn.ColorFolder": Effect.fn("spawn.ColorFolder")((p: ColorFolderPayload) => folders.colorFolder(p))
  })
})

const peerHandlers = Effect.gen(function* () {
  const d = { ws: yield* Workspace, terminals: yield* Terminals, states: yield* SessionStates }
  return PeerRpcs.of({
    "relay.Peers": Effect.fn("relay.Peers")(({ from }: { readonly from: FromId }) => peers(d, from)),
    "relay.Whoami": Effect.fn("relay.Whoami")(({ from }: { readonly from: FromId }) => whoami(d, from))
  })
})

/** Needs the Workspace and a CloseNotice (the relay's). */
export const SpawnLayer = Layer.merge(SpawnRpcs.toLayer(spawnHandlers), PeerRpcs.toLayer(peerHandlers))
