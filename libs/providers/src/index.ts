// @lich/providers: the coding-agent CLIs lich runs, as data, and the pure rules that turn a session into
// an argv, a binary, a refusal, a roster name and a briefing. No I/O, so it is safe in the browser.

export { flagValue, mcpArgs, mcpEnvVars, mcpServerName, mcpSubcommand, type SpawnInput, spawnArgs } from "./argv.js"
export { type BinaryInput, resolveBinary } from "./binary.js"
export { briefingText } from "./briefing.js"
export {
  type EffortSpelling,
  idsWhere,
  isProviderId,
  type McpPlacement,
  type Provider,
  type ProviderId,
  provider,
  providerIds,
  providers,
  unknownKindMessage
} from "./Provider.js"
export { type OpenOptions, refuseOpenOptions } from "./refusals.js"
export { rosterName } from "./roster.js"
