/**
 * @lich/terminal — real PTYs for agent CLIs and shells: start, type, resize, watch, close, and a
 * readiness guess for the relay. `NodePty.ts` is the only module that loads node-pty; import
 * `@lich/terminal/contract` where a native module must not load.
 */
export * from "./contract.js"
export { type FakeProcess, FakePty } from "./FakePty.js"
export type { OutputFollower } from "./Fanout.js"
export { NodePtyLayer } from "./NodePty.js"
export { type KeptPty, PtyAdapter, type PtyExitInfo, type PtyProcess, type PtySpawnOptions } from "./PtyAdapter.js"
export { ReplayRing } from "./ReplayRing.js"
export { type StartOptions, Terminals, type TerminalsShape } from "./Terminals.js"
