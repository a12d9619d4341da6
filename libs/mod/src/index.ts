export * from "./ModChannel.js"
export * from "./parse.js"
export * from "./plugin.js"
export * from "./routes.js"
