// @lich/singleton: where lich keeps its files, the runtime file that points at the running
// lich, and the probe that tells a running lich from a stale file.
//
// paths.ts, runtime.ts and probe.ts import no `effect` and are what the CLI uses; the
// package is side-effect free, so a bundle that takes only those drops Singleton.ts.

export * from "./paths.js"
export { lockFile } from "./lock.js"
export * from "./probe.js"
export * from "./runtime.js"
export * as Singleton from "./Singleton.js"
