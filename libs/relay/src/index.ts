export * from "./CrossHost.js"
export * from "./Relay.js"
export * from "./state.js"
export * from "./text.js"
