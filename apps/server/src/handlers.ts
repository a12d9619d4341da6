/** The RPC handlers: each procedure delegates to the lib that owns it. No logic lives here. */
import { Refused, RelayRpcs, ServerInfo, SpawnRpcs, SystemRpcs } from "@lich/contract"
import { ServerConfig, Workspace } from "@lich/spawn"
import { Effect } from "effect"

const later = (what: string) => () => Effect.fail(new Refused({ message: `${what} is not available in this build yet` }))

export const RelayHandlers = RelayRpcs.toLayer(
  Effect.gen(function* () {
    const ws = yield* Workspace
    return {
      "relay.Peers": ({ from }) => ws.peers(from),
      "relay.Whoami": ({ from }) => ws.whoami(from),
      "relay.Send": later("send"),
      "relay.Wait": later("wait"),
      "relay.Collect": later("wait"),
      "relay.Reply": later("reply"),
      "relay.Insert": later("insert"),
      "relay.Focus": later("focus")
    }
  })
)

export const SpawnHandlers = SpawnRpcs.toLayer(
  Effect.gen(function* () {
    const ws = yield* Workspace
    return {
      "spawn.Open": (p) => ws.open(p),
      "spawn.Close": (p) => ws.close(p),
      "spawn.Rename": (p) => ws.rename(p),
      "spawn.Worktrees": later("worktrees"),
      "spawn.Folders": later("folders"),
      "spawn.File": later("file"),
      "spawn.RenameFolder": later("rename-folder"),
      "spawn.ColorFolder": later("color-folder")
    }
  })
)

/** Quit answers first; the listener runs the quit itself once the reply is on the wire. */
export const SystemHandlers = SystemRpcs.toLayer(
  Effect.gen(function* () {
    const config = yield* ServerConfig
    return {
      "system.Info": () => Effect.succeed(new ServerInfo({ version: config.version, pid: process.pid, port: config.port })),
      "system.Quit": () => Effect.succeed({})
    }
  })
)

export const groups = [RelayRpcs, SpawnRpcs, SystemRpcs] as const
