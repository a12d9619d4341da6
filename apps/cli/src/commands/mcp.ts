import { Command } from "@effect/cli"
import { Effect } from "effect"
import { cliVersion } from "./version.js"

/**
 * `lich mcp`. The server's modules are required inside the handler, not imported: esbuild then
 * wraps them in a lazy initialiser, so every other command's cold start never evaluates them.
 */
export const mcp = Command.make("mcp", {}, () =>
  Effect.suspend(() => (require("../mcp/serve.js") as typeof import("../mcp/serve.js")).main(cliVersion()))
).pipe(
  Command.withDescription(
    "Serve the session commands as MCP tools over stdio, one JSON-RPC message per line. lich registers it for the providers that take it at spawn; run it yourself only to point another MCP client at lich."
  )
)
