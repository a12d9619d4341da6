/**
 * opencode: lich's MCP server in its per-process config and the bridge from its event bus to lich's
 * hook routes (bridge.ts, events.ts), and the composer that says it takes keys.
 */
import { Effect } from "effect"
import type { Integration } from "../Integration.js"
import { newOpencodeSession, opencodeArgs, opencodeEnv, runOpencodeBridge } from "./bridge.js"

export const opencode: Integration = {
  id: "opencode",
  // Measured on 1.18.33: quiet for 600 ms within 0.6–1.8 s of start, its prompt drawn only at
  // 5–12 s, and text typed before that is lost. The prompt's placeholder is the ready mark, but
  // with lich's MCP server registered it is drawn once before the TUI takes keys and again ~2 s
  // later: 3 s without a redraw is when a paste first lands (measured in test/e2e).
  screen: { ready: ["Ask anything"], dialogs: [], settleMs: 3_000 },
  setup: (i) =>
    Effect.map(newOpencodeSession, (s) => ({
      args: opencodeArgs(s),
      env: opencodeEnv(s, i.lichBin, i.env),
      alongside: (lichId: string) => runOpencodeBridge(s, lichId, { port: i.port, token: i.token })
    }))
}
