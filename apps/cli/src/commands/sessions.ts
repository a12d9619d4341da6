/** sessions and whoami: who is there. Hot commands, run without Effect (spec.ts `plain`). */
import { renderSessions, renderWhoami } from "../render/sessions.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"
import { ended, onHost, usageEnding } from "./ending.js"
import { sender } from "./sender.js"

export const sessions = async (v: Values): Promise<Ending> =>
  v.text("host") !== "" ? onHost("hostSessions") : ended(await callPlain("relay.Peers", { from: sender() }), v.flag("json"), renderSessions)

export const whoami = async (v: Values): Promise<Ending> => {
  const from = sender()
  if (from === "") {
    return usageEnding("whoami names the session it runs in, and this is not running in a lich session (LICH_SESSION_ID is not set)")
  }
  return ended(await callPlain("relay.Whoami", { from }), v.flag("json"), renderWhoami)
}
