/**
 * Claude Code: lich's plugin tree (hooks/) laid under the data dir and handed to every spawn with
 * --plugin-dir (plugin.ts; the backend lays it once at start), and its transcripts priced (cost.ts).
 */
import type { Integration } from "../Integration.js"
import { claudeCost, claudeRoot } from "./cost.js"

export const claude: Integration = {
  id: "claude",
  cost: (env, home) => claudeCost(claudeRoot(env, home)),
  // Its windows arrive with mod-usage as they move; nothing to read.
  windows: (env, home) => ({ account: `claude:${claudeRoot(env, home)}` })
}
