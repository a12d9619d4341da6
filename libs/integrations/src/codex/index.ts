/**
 * Codex: the hooks profile lich owns in $CODEX_HOME (hooks.ts), its composer and start-up dialogs
 * on screen, and its rollouts priced (cost.ts).
 */

import * as path from "node:path"
import { Effect } from "effect"
import type { Integration } from "../Integration.js"
import { codexCost } from "./cost.js"
import { codexHome, layCodexProfile } from "./hooks.js"
import { codexWindows } from "./windows.js"

export const codex: Integration = {
  id: "codex",
  // Measured on 0.169.0: the composer's placeholder, drawn again once a dialog is answered. The
  // folder-trust dialog opens ~1 s after start in a git repository Codex was never told to trust,
  // and its Enter would take the first task; the hooks-review one only if lich's trust went stale.
  screen: {
    ready: ["Ask Codex to do anything"],
    dialogs: [
      {
        marker: "Trust and continue",
        reason: "Codex asks whether to trust this folder: answer it in this card, and the task waiting for it is typed after."
      },
      {
        marker: "Trust all and continue",
        reason: "Codex asks to review hooks: answer it in this card, and the task waiting for it is typed after."
      }
    ]
  },
  // The report scripts are the laid Claude Code plugin's: without it there is nothing to register.
  setup: (i) =>
    i.claudePlugin === undefined
      ? Effect.succeed({ args: [], env: {} })
      : Effect.try(() => ({
          profile: layCodexProfile(codexHome(i.env, i.home), path.join(i.claudePlugin!.dir, "hooks")),
          args: [],
          env: {}
        })),
  cost: (env, home) => codexCost(codexHome(env, home)),
  windows: (env, home) => codexWindows(`codex:${codexHome(env, home)}`, codexCost(codexHome(env, home)).transcripts)
}
