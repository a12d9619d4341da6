/** The shipped listener (apps/server/src/http/Listener.ts) serving bench.Echo, as a standalone bundle. */
import { Effect } from "effect"
import { listen } from "../../apps/server/src/http/Listener.js"
import { BENCH_TOKEN, benchPort } from "./benchArgs.js"
import { BenchHandlers, rpc } from "./benchGroup.js"

const program = Effect.gen(function* () {
  const port = yield* listen(
    { port: benchPort(), token: BENCH_TOKEN, staticRoot: __dirname },
    { rpc, events: () => Effect.never, terminal: () => Effect.never, post: new Map() }
  )
  process.stdout.write(`listening ${port}\n`)
  return yield* Effect.never
})

Effect.runFork(Effect.scoped(program).pipe(Effect.provide(BenchHandlers)))
