export * from "./contract.js"
export * from "./Hooks.js"
