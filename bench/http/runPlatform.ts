/** Starts the @effect/platform candidate (platformCandidate.ts) serving bench.Echo. */
import { Effect } from "effect"
import { benchPort } from "./benchArgs.js"
import { BenchHandlers } from "./benchGroup.js"
import { platformListener } from "./platformCandidate.js"

const program = Effect.gen(function* () {
  const port = yield* platformListener(benchPort())
  process.stdout.write(`listening ${port}\n`)
  return yield* Effect.never
})

Effect.runFork(program.pipe(Effect.provide(BenchHandlers)))
