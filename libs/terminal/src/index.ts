/**
 * @lich/terminal — real PTYs for agent CLIs and shells: start, type, resize, watch, close, and a
 * readiness guess for the relay. `NodePty.ts` is the only module that loads node-pty; import
 * `@lich/terminal/contract` where a native module must not load.
 */
export * from "./contract.js"
export { FakePty, type FakeProcess } from "./FakePty.js"
export { NodePtyLayer } from "./NodePty.js"
export { PtyAdapter, type PtyExitInfo, type PtyProcess, PtySpawnError, type PtySpawnOptions } from "./PtyAdapter.js"
export { applyReport, noteOutput, type ReadyState, verdict, type Verdict } from "./Readiness.js"
export { ReplayRing } from "./ReplayRing.js"
export type { TerminalExit } from "./Session.js"
export { MessageTooLong, type TerminalError, TerminalNotFound } from "./TerminalError.js"
export { type StartOptions, Terminals, type TerminalsShape } from "./Terminals.js"
