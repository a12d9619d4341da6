/**
 * The schemas of the `/ws` control messages (terminalWire.ts has the frames and the encoders). The
 * backend decodes every text frame a window sends with them, so a size outside the grid's bounds
 * or a shape it does not know is ignored, never passed to a PTY. Apart from terminalWire.ts so the
 * window, which only writes these messages, loads no Effect.
 */
import { Schema } from "effect"
import { Cols, Rows } from "./ids.js"

const Attach = Schema.Struct({ attach: Schema.String })
const Detach = Schema.Struct({ detach: Schema.String })
/** The window's terminal has not drawn what it was sent: hold its output (apps/server terminalOutbox.ts). */
const Pause = Schema.Struct({ pause: Schema.String })
const Resume = Schema.Struct({ resume: Schema.String })
const Resize = Schema.Struct({ resize: Schema.String, cols: Cols, rows: Rows })
/** What the window sends as text on `/ws`. */
export const WindowControl = Schema.Union(Attach, Detach, Pause, Resume, Resize)
export type WindowControl = typeof WindowControl.Type

/** The backend dropped output this window was too far behind to draw: reset, the ring follows. */
const Resync = Schema.Struct({ resync: Schema.String })
/** What the backend sends as text on `/ws`. */
export const BackendControl = Resync
export type BackendControl = typeof BackendControl.Type

/** A window's text frame, or `None` for one that is not a control message (ignored, as ever). */
export const decodeWindowControl = Schema.decodeUnknownOption(Schema.parseJson(WindowControl))
