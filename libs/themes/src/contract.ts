/** The browser-safe half: validation and the bundled themes, no node module. */
export * from "./validate.js"
export * from "./bundled.js"
