/** The shipped server's code as a standalone bundle, so the bench times both candidates the same way. */
import { Effect } from "effect"
import { LichClient } from "../../apps/cli/src/layers.js"
import { main } from "../../apps/cli/src/mcp/serve.js"

Effect.runFork(main("bench").pipe(Effect.provide(LichClient.nodeHttp)))
