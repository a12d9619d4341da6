/**
 * What runs in a session, as the relay's hand-off and nudges need it: the provider kind (a Claude
 * Code session may take its task through its mod) and whether that CLI has lich's tools.
 */
import type { Workspace } from "@lich/spawn"
import { Effect } from "effect"

/** The session's provider kind, "" when unknown. */
export const kindOf = (ws: Workspace["Type"], id: string): Effect.Effect<string> =>
  ws.cards().pipe(
    Effect.map((cs) => cs.find((c) => c.id === id)?.row.kind ?? ""),
    // Asked inside a hand-off or a nudge, after the request was answered: nobody is there to hear an
    // error, and typing reaches every CLI, so the task is typed — and the log says why.
    Effect.catchAll((e) =>
      Effect.as(
        Effect.logWarning(
          `the relay could not read the workspace to see what runs in ${id}, so it types there instead of using a mod: ${e.message}`
        ),
        ""
      )
    )
  )

/** Whether a session of a kind has lich's tools. */
export type ToolsOf = (kind: string) => Effect.Effect<boolean>

/**
 * Whether the session's CLI lists lich's tools (reply_to_session, wait_for_answer) among its own:
 * the contract's HasTools rule, asked of the plugin installs (libs/integrations).
 */
export const hasTools = (ws: Workspace["Type"], tools: ToolsOf, id: string): Effect.Effect<boolean> => Effect.flatMap(kindOf(ws, id), tools)
