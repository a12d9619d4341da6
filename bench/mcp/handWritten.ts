/** The shipped server's code as a standalone bundle, so the bench times both candidates the same way. */
import { Effect } from "effect"
import { main } from "../../apps/cli/src/mcp/serve.js"

Effect.runFork(main("bench"))
