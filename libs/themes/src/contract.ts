/** The browser-safe half: validation and the bundled themes, no node module. */

export * from "./bundled.js"
export * from "./validate.js"
