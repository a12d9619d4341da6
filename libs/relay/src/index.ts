export * from "./Relay.js"
export * from "./text.js"
export * from "./state.js"
