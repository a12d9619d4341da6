/** The RPC handlers: each procedure delegates to the lib that owns it. No logic lives here. */
import { DeskRpcs, Failed, GitRpcs, HealthReport, HostsRpcs, RelayRpcs, ServerInfo, SpawnRpcs, SystemRpcs } from "@lich/contract"
import { CostLedger } from "@lich/cost"
import { Relay } from "@lich/relay"
import { Desk, ServerConfig, Workspace } from "@lich/spawn"
import { StoreHealth } from "@lich/store"
import { Themes } from "@lich/themes"
import { Effect, Option } from "effect"
import { diagnostics } from "./diagnostics.js"
import { windowState } from "./window/state.js"
import { Window } from "./window/Window.js"

export const RelayHandlers = RelayRpcs.toLayer(
  Effect.gen(function* () {
    const ws = yield* Workspace
    const relay = yield* Relay
    const window = yield* Window
    return {
      "relay.Peers": ({ from }) => ws.peers(from),
      "relay.Whoami": ({ from }) => ws.whoami(from),
      "relay.Send": (p) => relay.send(p),
      "relay.Wait": (p) => relay.wait(p),
      "relay.Collect": (p) => relay.collect(p),
      "relay.Reply": (p) => relay.reply(p),
      "relay.Insert": (p) => relay.insert(p),
      "relay.Control": (p) => relay.control(p),
      "relay.Ask": (p) => relay.ask(p),
      "relay.Subagent": (p) => relay.subagent(p),
      // The card is switched either way; with no window attached, one is opened already on it.
      "relay.Focus": (p) =>
        Effect.gen(function* () {
          const focused = yield* relay.focus(p)
          if ((yield* window.attached) === 0) {
            yield* window
              .open()
              .pipe(
                Effect.mapError(
                  (e) => new Failed({ message: `"${focused.label}" is focused, but no window could be opened: ${e.message}` })
                )
              )
          }
          return focused
        })
    }
  })
)

export const SpawnHandlers = SpawnRpcs.toLayer(
  Effect.gen(function* () {
    const ws = yield* Workspace
    const relay = yield* Relay
    return {
      "spawn.Open": (p) => ws.open(p),
      // Through the relay, which must know who closed a session: a caller closing its own worker hears nothing.
      "spawn.Close": (p) => relay.close(p),
      "spawn.Rename": (p) => ws.rename(p),
      "spawn.Start": (p) => ws.start(p),
      "spawn.Worktrees": (p) => ws.worktrees(p),
      "spawn.Folders": (p) => ws.folders(p),
      "spawn.File": (p) => ws.file(p),
      "spawn.RenameFolder": (p) => ws.renameFolder(p),
      "spawn.ColorFolder": (p) => ws.colorFolder(p)
    }
  })
)

/** Quit answers first; the listener runs the quit itself once the reply is on the wire. */
export const SystemHandlers = SystemRpcs.toLayer(
  Effect.gen(function* () {
    const config = yield* ServerConfig
    const window = yield* Window
    const themes = yield* Themes
    const storeHealth = yield* StoreHealth
    const state = yield* windowState
    const cost = yield* CostLedger
    return {
      "system.Info": () => Effect.succeed(new ServerInfo({ version: config.version, pid: process.pid, port: config.port })),
      // lich doctor asks a running lich this: a database deleted under it is only visible from inside.
      "system.Health": () => Effect.map(storeHealth.problem, (p) => new HealthReport({ store: Option.getOrElse(p, () => "") })),
      "system.Quit": () => Effect.succeed({}),
      "system.State": () => state,
      "system.Themes": () => themes.list(),
      "system.SwitchTheme": ({ id }) => themes.switchTo(id),
      "system.Diagnostics": () => diagnostics(config.token),
      "system.Cost": (p) => cost.report(p),
      "system.OpenWindow": ({ shell, flags }) =>
        window.open({ shell, flags }).pipe(
          Effect.as({}),
          Effect.mapError((e) => new Failed({ message: e.message }))
        )
    }
  })
)

/** The window's own procedures: each one line into Desk (libs/spawn/src/Desk.ts). */
export const DeskHandlers = DeskRpcs.toLayer(
  Effect.gen(function* () {
    const desk = yield* Desk
    return {
      "desk.Complete": ({ path }) => desk.complete(path),
      "desk.Recent": () => desk.recent(),
      "desk.OpenProject": ({ path }) => desk.openProject(path),
      "desk.CloseProject": ({ id }) => desk.closeProject(id),
      "desk.Providers": () => desk.providers(),
      "desk.Branches": ({ project }) => desk.branches(project),
      "desk.GetSettings": ({ project }) => desk.settings(project),
      "desk.SetSetting": (p) => desk.setSetting(p),
      "desk.SetProjectFile": (p) => desk.setProjectFile(p),
      "desk.History": ({ project }) => desk.history(project),
      "desk.Resume": ({ id }) => desk.resume(id),
      "desk.Dirty": ({ target }) => desk.dirty(target)
    }
  })
)

export const groups = [RelayRpcs, SpawnRpcs, SystemRpcs, DeskRpcs, GitRpcs, HostsRpcs] as const
