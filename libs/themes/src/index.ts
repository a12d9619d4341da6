export * from "./contract.js"
export * from "./Themes.js"
