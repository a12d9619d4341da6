/**
 * This build's version, as `lich help`, `lich version`, doctor, rage, mcp and the hosts hello give
 * it. A module of its own because bin.ts reads it for `lich help` on every start: from version.ts it
 * evaluated that module's imports (node:net, the wire client), ~4 ms of CPU on every call, `help`
 * and `plugin` included, that need neither (docs/ceilings.md, "CLI cold start").
 */
declare const __LICH_VERSION__: string
export const cliVersion = (): string => (typeof __LICH_VERSION__ === "string" ? __LICH_VERSION__ : "0.0.0-dev")
