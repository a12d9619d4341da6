/**
 * Kiro CLI: the plugin install (install.ts) — an agent lich owns, which a spawn names with
 * --agent once it exists, since Kiro runs hooks only from the agent a session uses.
 */
import { Effect } from "effect"
import type { Integration } from "../Integration.js"
import { installedWithTools } from "../plugin/installed.js"
import { kiroAgentName } from "./install.js"

export const kiro: Integration = {
  id: "kiro",
  setup: (i) =>
    Effect.sync(() =>
      installedWithTools("kiro", i.env, i.home)
        ? { args: [], env: {}, agent: kiroAgentName, tools: "listed" as const }
        : { args: [], env: {} }
    )
}
