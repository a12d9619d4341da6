import { Command } from "@effect/cli"
import { HostPeers, Peers, Whoami } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { renderSessions, renderWhoami } from "../render/sessions.js"
import { Usage } from "../usage.js"
import { hostFlag, jsonFlag, print, sender } from "./shared.js"

export const sessions = Command.make("sessions", { json: jsonFlag, host: hostFlag }, ({ json, host }) =>
  Effect.flatMap(host === "" ? call("relay", Peers, { from: sender() }) : call("hosts", HostPeers, { host, from: sender() }), (peers) =>
    print(json, peers, renderSessions)
  )
).pipe(
  Command.withDescription(
    "List the live sessions you can address: label, project, provider, roster name and the state each last reported; --host: those on another host."
  )
)

export const whoami = Command.make("whoami", { json: jsonFlag }, ({ json }) =>
  Effect.gen(function* () {
    const from = sender()
    if (from === "") {
      return yield* new Usage({
        message: "whoami names the session it runs in, and this is not running in a lich session (LICH_SESSION_ID is not set)"
      })
    }
    const me = yield* call("relay", Whoami, { from })
    yield* print(json, me, renderWhoami)
  })
).pipe(Command.withDescription("Print the session this command runs in, with its lich id."))
