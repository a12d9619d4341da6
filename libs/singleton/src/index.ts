// @lich/singleton: where lich keeps its files, the runtime file that points at the running
// lich, the one loopback client that calls it, and the probe that tells a running lich from a
// stale file.
//
// paths.ts, runtime.ts, loopback.ts and probe.ts import no `effect` and are what the CLI uses; the
// package is side-effect free, so a bundle that takes only those drops Singleton.ts.

export { lockFile } from "./lock.js"
export * as Loopback from "./loopback.js"
export * from "./paths.js"
export * from "./probe.js"
export * from "./runtime.js"
export * as Singleton from "./Singleton.js"
