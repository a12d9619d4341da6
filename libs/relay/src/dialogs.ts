/**
 * The startup questions a provider asks on its own screen before its prompt is there, which a typed
 * task's Enter would answer. lich reads no screen to learn an answer; it only looks, at the moment it
 * would type, whether one of these questions is what the terminal shows last — and then holds the
 * task and tells the card instead of typing into it.
 *
 * Claude Code's folder-trust question defaults to "No, exit": an Enter there ends the session.
 */

// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]/g

interface Dialog {
  readonly kind: string
  /** Matched against the screen's text with escapes and all white space removed (TUIs move the cursor instead of printing spaces). */
  readonly marker: string
  /** What the card says while the task is held. */
  readonly reason: string
}

const DIALOGS: ReadonlyArray<Dialog> = [
  {
    kind: "claude",
    marker: "Yes,Itrustthisfolder",
    reason: "Claude Code asks whether to trust this folder — answer it in the card; lich holds the task until then"
  }
]

/** 16 KiB: more than one full screen of a TUI's redraw; a question further back was answered. */
const TAIL_BYTES = 16 * 1024

/** The reason to show when the last screen of a `kind` session is one of its startup questions. */
export const startupDialog = (kind: string, screen: Uint8Array): string | undefined => {
  const tail = Buffer.from(screen.subarray(Math.max(0, screen.length - TAIL_BYTES))).toString("utf8")
  const text = tail.replace(ESCAPES, "").replace(/\s+/g, "")
  return DIALOGS.find((d) => d.kind === kind && text.includes(d.marker))?.reason
}
