/**
 * What a provider needs before its spawn, and what that adds to its argv and environment, asked of
 * its integration (Integration.setup).
 *
 * A setup that cannot be made (an unwritable home, a plugin tree that was never laid, no free port)
 * never stops the spawn: the session starts without state reports, as it would have before, and the
 * log says why.
 */
import type { ProviderId } from "@lich/providers"
import { Effect } from "effect"
import { NO_SETUP, type ProviderSetup, type SetupInput } from "./Integration.js"
import { integration } from "./table.js"

export const providerSetup = (kind: ProviderId, input: SetupInput): Effect.Effect<ProviderSetup> => {
  const setup = integration(kind).setup
  if (setup === undefined) return Effect.succeed(NO_SETUP)
  return setup(input).pipe(
    Effect.catchAll((e) => Effect.as(Effect.logWarning(`${kind} session starts without lich's state reports: ${String(e)}`), NO_SETUP))
  )
}
