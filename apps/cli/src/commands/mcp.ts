import { Effect } from "effect"
import { cliVersion } from "../cliVersion.js"

/**
 * `lich mcp`. The server's modules are required inside the handler, not imported: esbuild then
 * wraps them in a lazy initialiser, so every other command's cold start never evaluates them.
 */
export const mcp = () => Effect.suspend(() => (require("../mcp/serve.js") as typeof import("../mcp/serve.js")).main(cliVersion()))
