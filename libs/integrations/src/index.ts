// @lich/integrations: each provider's integration in one folder (what lich writes for it, how its
// events map to lich's hook reports, its readiness markers, its cost reader), and the table of them.

export { claudeCost, claudeRoot, claudeTranscripts, scanClaude, stepClaude } from "./claude/cost.js"
export { pluginVersion } from "./claude/manifest.js"
export { type LaidPlugin, layClaudePlugin } from "./claude/plugin.js"
export { codexCost, codexTranscript, scanCodex, stepCodex } from "./codex/cost.js"
export { stepWindows } from "./codex/windows.js"
export * from "./Integration.js"
export { kiroAgentName, kiroAgentPath } from "./kiro/install.js"
export { ompAgentDir } from "./omp/install.js"
export { PluginInstalls, type PluginInstallsShape, sessionHasTools } from "./PluginInstalls.js"
export { PluginLayer } from "./PluginRpcsLive.js"
export * from "./plugin/Plugin.js"
export {
  type PluginState,
  pluginHasTools,
  pluginState,
  pluginStates,
  runPlugin
} from "./plugin/plugins.js"
// Plain (no Effect): what `lich plugin` lists from in the CLI's first bundle.
export {
  diskFiles,
  type PluginStateFields,
  plainPluginProviders,
  pluginContext,
  readPluginState,
  statusReaders
} from "./plugin/read.js"
export { providerSetup } from "./setup.js"
export { costReaders, integration, windowReaders } from "./table.js"
