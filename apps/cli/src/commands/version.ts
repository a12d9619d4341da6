import * as net from "node:net"
import { Info, Quit } from "@lich/contract"
import { coordinates } from "@lich/singleton"
import { Effect, Option } from "effect"
import { NO_LICH, Unreachable } from "../client.js"
import { call } from "../layers.js"
import { json as printJson, stdout } from "../output.js"
import type { Values } from "../spec.js"

declare const __LICH_VERSION__: string
export const cliVersion = (): string => (typeof __LICH_VERSION__ === "string" ? __LICH_VERSION__ : "0.0.0-dev")

/** 2 s: a lich that has not answered by then is left out — no server is a normal state here. */
const SERVER_VERSION_TIMEOUT_MS = 2_000

export const version = (v: Values) =>
  Effect.gen(function* () {
    const json = v.flag("json")
    const server = yield* call("system", Info, {}, SERVER_VERSION_TIMEOUT_MS).pipe(
      Effect.map((i) => i.version),
      Effect.option
    )
    if (json) {
      return yield* printJson(Option.isSome(server) ? { cli: cliVersion(), server: server.value } : { cli: cliVersion() })
    }
    yield* stdout(Option.isSome(server) ? `lich ${cliVersion()}\nserver ${server.value}` : `lich ${cliVersion()}`)
  })

/** 15 s: how long quit waits for the port to be free before it calls the quit a failure. */
const QUIT_WAIT_MS = 15_000
/** 50 ms between looks at the port: quit's only job is to return promptly once it is free. */
const PORT_LOOK_MS = 50

const portAnswers = (port: number) =>
  Effect.async<boolean>((resume) => {
    const s = net.connect({ host: "127.0.0.1", port })
    s.once("connect", () => {
      s.destroy()
      resume(Effect.succeed(true))
    })
    s.once("error", () => resume(Effect.succeed(false)))
  })

export const quit = () =>
  Effect.gen(function* () {
    const c = coordinates(process.env)
    if (!c) return yield* new Unreachable({ message: NO_LICH })
    // A lich that exits before its reply leaves still counts as quit.
    yield* call("system", Quit, {}).pipe(Effect.catchTag("Unreachable", (e) => (e.message === NO_LICH ? Effect.fail(e) : Effect.void)))
    const deadline = Date.now() + QUIT_WAIT_MS
    while (yield* portAnswers(c.port)) {
      if (Date.now() > deadline) {
        return yield* new Unreachable({ message: `lich is still listening on port ${c.port} after 15 s` })
      }
      yield* Effect.sleep(PORT_LOOK_MS)
    }
    yield* stdout("lich has quit.")
  })
