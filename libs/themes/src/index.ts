export * from "./Themes.js"
export * from "./contract.js"
