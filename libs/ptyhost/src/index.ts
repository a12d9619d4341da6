/**
 * @lich/ptyhost — the PTY host: a process apart from the backend that owns the PTYs, so sessions
 * outlive a backend that crashes or is killed. The backend reaches it through `ptyLayer` (a
 * `PtyAdapter`); `bin.ts` is the host's own entry (dist/ptyhost.cjs). docs/pty-host.md says why.
 */
export { HostPtyLayer, type HostPtyOptions, ptyLayer } from "./HostPty.js"
export { keptToken } from "./launch.js"
export { hostLogPath, PROTOCOL, secretPath, socketPath } from "./protocol.js"
