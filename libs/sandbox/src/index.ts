/**
 * @lich/sandbox — confining a session: the rung's answer, the bubblewrap command line, and a probe
 * that proves the confinement holds on this machine (what `doctor` reports).
 */
export * from "./contract.js"
export { type Command, confine, findBwrap, lookPath, realDir } from "./host.js"
export { type ProbeOptions, type ProbeResult, probeConfinement } from "./probe.js"
