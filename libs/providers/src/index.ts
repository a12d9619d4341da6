// @lich/providers: the coding-agent CLIs lich runs, as data, and the pure rules that turn a session into
// an argv, a binary, a refusal, a roster name and a briefing. No I/O, so it is safe in the browser.

export {
  idsWhere,
  isProviderId,
  provider,
  providerIds,
  providers,
  unknownKindMessage,
  type EffortSpelling,
  type McpPlacement,
  type Provider,
  type ProviderId
} from "./Provider.js"
export { resolveBinary, type BinaryInput } from "./binary.js"
export { flagValue, mcpArgs, mcpEnvVars, mcpServerName, mcpSubcommand, spawnArgs, type SpawnInput } from "./argv.js"
export { refuseOpenOptions, type OpenOptions } from "./refusals.js"
export { rosterName } from "./roster.js"
export { briefingText } from "./briefing.js"
