/**
 * The parts of the terminal library with no native module and no `node:*` import: safe for the
 * window, the CLI bundle and other libraries to load without dragging node-pty in.
 */
export { DRAFT_HOLD_MS } from "./Draft.js"
export { ENTER, MAX_MESSAGE_BYTES, PASTE_END, PASTE_ENTER_DELAY_MS, PASTE_START, sanitizeForPaste, utf8Length } from "./Paste.js"
export { PtySpawnError } from "./PtyAdapter.js"
export { QUIET_MS, type SessionReadiness, type TurnState } from "./Readiness.js"
export { REPLAY_CAPACITY_BYTES } from "./ReplayRing.js"
export { initialScan, printable, type ScreenDialog, type ScreenFinding, type ScreenRules, type ScreenScan, scanScreen } from "./Screen.js"
export type { TerminalExit } from "./Session.js"
export { SETUP_DONE_MARKER, setupWrapper, shellQuote } from "./SetupMarker.js"
export { MessageTooLong, type TerminalError, TerminalNotFound } from "./TerminalError.js"
