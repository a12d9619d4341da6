/**
 * The hook contracts without the service: parsers and the turn-log rule, no `node:*` import, so
 * the window, the CLI bundle and the plugin's own tooling can load them.
 */
export * from "./parse.js"
export * from "./TurnLog.js"
