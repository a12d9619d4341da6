/** sessions and whoami: who is there. Hot commands, run without Effect (spec.ts `plain`). */
import { renderSessions, renderWhoami } from "../render/sessions.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"
import { ended, usageEnding } from "./ending.js"
import { sender } from "./sender.js"

/** With `--host`, the sessions on that host's lich (docs/hosts.md). */
export const sessions = async (v: Values): Promise<Ending> => {
  const host = v.text("host")
  const c = host === "" ? await callPlain("relay.Peers", { from: sender() }) : await callPlain("hosts.Peers", { host, from: sender() })
  return ended(c, v.flag("json"), renderSessions)
}

export const whoami = async (v: Values): Promise<Ending> => {
  const from = sender()
  if (from === "") {
    return usageEnding("whoami names the session it runs in, and this is not running in a lich session (LICH_SESSION_ID is not set)")
  }
  return ended(await callPlain("relay.Whoami", { from }), v.flag("json"), renderWhoami)
}
