/**
 * The backend's own procedures (the contract's SystemRpcs): what it is (Info, Health, Diagnostics),
 * ending it (Quit), and its window (State on load, OpenWindow for a second `lich`). Every other
 * group is served by the lib that owns it; layers.ts merges them all.
 */
import { Failed, HealthReport, ServerInfo, SystemRpcs } from "@lich/contract"
import { ServerConfig } from "@lich/spawn"
import { StoreHealth } from "@lich/store"
import { Effect, Option } from "effect"
import { diagnostics } from "./diagnostics.js"
import { windowState } from "./window/state.js"
import { Window } from "./window/Window.js"

/** Quit answers first; the listener runs the quit itself once the reply is on the wire. */
export const SystemLayer = SystemRpcs.toLayer(
  Effect.gen(function* () {
    const config = yield* ServerConfig
    const window = yield* Window
    const storeHealth = yield* StoreHealth
    const state = yield* windowState
    return SystemRpcs.of({
      "system.Info": () => Effect.succeed(new ServerInfo({ version: config.version, pid: process.pid, port: config.port })),
      // lich doctor asks a running lich this: a database deleted under it is only visible from inside.
      "system.Health": () => Effect.map(storeHealth.problem, (p) => new HealthReport({ store: Option.getOrElse(p, () => "") })),
      "system.Quit": () => Effect.succeed({}),
      "system.State": () => state,
      "system.Diagnostics": () => diagnostics(config.token),
      "system.OpenWindow": ({ shell, flags }) =>
        window.open({ shell, flags }).pipe(
          Effect.as({}),
          Effect.mapError((e) => new Failed({ message: e.message }))
        )
    })
  })
)
