/**
 * When may a message be typed at a session? A guess, made from what a terminal can see:
 *
 * - never while the PTY is gone, while worktree setup runs (the prompt is not the agent's yet), or
 *   while someone is drafting a line in the window;
 * - at once after the agent's hooks report `done`/`idle` (the prompt is there), until they report
 *   `busy` again — output after `done` (a status line repaint) does not take that back;
 * - not after lich typed a message into a session whose hooks report turns, until they report
 *   again (the turn it started, or its end): the quiet rule alone let a second task in when the
 *   first one's `busy` report took longer than 600 ms to arrive (a loaded machine), and the turn's
 *   `done` then closed both tasks as unanswered (test/relay-turn-start.test.ts);
 * - otherwise once the terminal has been quiet for 600 ms.
 *
 * The quiet rule is a heuristic: a trust prompt or a crashed TUI looks ready too. Only providers
 * whose hooks report turn state can be judged better, and the relay does that, not this module.
 */
import type { TurnState } from "@lich/contract"
import { DRAFT_HOLD_MS, type DraftState, feedDraft, initialDraft, isDrafting } from "./Draft.js"
import { scanForMarker } from "./SetupMarker.js"

/**
 * 600 ms: longer than the gap between repaints of a busy TUI (spinners tick every 80–200 ms, and a
 * streaming answer writes continuously), shorter than a person notices as a delay.
 */
export const QUIET_MS = 600

/**
 * 30 s: a session whose hooks said busy is not at its prompt — one task per turn keeps each turn
 * attributable to one errand. But Claude Code reports nothing when a turn is cut short with Esc, so
 * a "busy" session that has drawn nothing for this long (a live turn redraws its spinner several
 * times a second) is taken to be back at its prompt.
 */
export const BUSY_STALE_MS = 30_000

/** What a provider's hooks last said about its turn: the contract's turn states (compacting read as busy). */
export type { TurnState }

export interface SessionReadiness {
  readonly live: boolean
  readonly settingUp: boolean
  readonly drafting: boolean
  /** Time since the last output (0 while there was none since spawn's setup marker). */
  readonly quietMs: number
  readonly reported?: TurnState
}

/** The readiness-relevant state a session actor keeps. */
export interface ReadyState {
  readonly live: boolean
  readonly settingUp: boolean
  /** The last bytes of output while setting up, to find a marker split across reads. */
  readonly markerTail: Uint8Array
  /** When output last arrived (ms); starts at spawn. `null` after the setup marker until new output. */
  readonly lastOut: number | null
  readonly draft: DraftState
  readonly reported: TurnState | undefined
  /** Set by a `done`/`idle` report, cleared by `busy`: the prompt is known to be there. */
  readonly promptReported: boolean
  /**
   * lich typed a message and Enter into a session whose hooks report turns: a turn is expected to
   * start, and until a report says so (or says anything) the session counts as busy.
   */
  readonly turnExpected?: boolean
  /**
   * The session's hooks report turns: a report came, or its session-start hook said they will (so a
   * first task typed there is held for its turn like any later one).
   */
  readonly reportsTurns?: boolean
  /**
   * The provider's start-up screen is not its composer yet (still drawing, or a dialog of its own
   * is up): not ready whatever the quiet says. Set and cleared by what reads the screen (Screen.ts).
   */
  readonly screenHold?: boolean
  /** While held: the reason, when what holds it is a question of the provider's own a person must answer. */
  readonly screenDialog?: string
}

export const initialReadyState = (now: number, settingUp: boolean): ReadyState => ({
  live: true,
  settingUp,
  markerTail: new Uint8Array(0),
  lastOut: now,
  draft: initialDraft,
  reported: undefined,
  promptReported: false
})

const NO_BYTES = new Uint8Array(0)

/**
 * Output arrived: one read, or a batch of reads the session's inbox took together (OutputInbox.ts),
 * which is the same as noting each in turn. While setting up, it is searched for the marker; at the
 * marker the quiet clock restarts from nothing, because the quiet before it belonged to the setup
 * script, not the agent — unless the same bytes already carry the agent's first output.
 */
export const noteOutput = (state: ReadyState, bytes: Uint8Array, now: number): ReadyState => {
  if (!state.settingUp) return { ...state, lastOut: now }
  const scan = scanForMarker(state.markerTail, bytes)
  if (!scan.found) return { ...state, lastOut: now, markerTail: scan.tail }
  return { ...state, settingUp: false, markerTail: NO_BYTES, lastOut: scan.after > 0 ? now : null, promptReported: false }
}

/** Keystrokes from the window: they may start or end a draft. */
export const noteKeys = (state: ReadyState, bytes: Uint8Array, now: number): ReadyState => {
  const next = { ...state, draft: feedDraft(state.draft, bytes, now) }
  return bytes.includes(0x0d) ? noteSubmit(next, now) : next
}

/**
 * Enter was pressed (by a person or by a delivery): whatever prompt was there is consumed, so a
 * `done` report no longer vouches for it and the quiet clock starts again from the key press.
 */
export const noteSubmit = (state: ReadyState, now: number): ReadyState => ({
  ...state,
  promptReported: false,
  lastOut: now
})

/**
 * lich typed a message and pressed Enter (Terminals.typeMessage). A session whose hooks report
 * turns starts one on it, so it is held as busy until its next report; one that never reported is
 * judged by the quiet rule alone, as before.
 */
export const noteDelivered = (state: ReadyState, now: number): ReadyState => ({
  ...noteSubmit(state, now),
  turnExpected: state.reportsTurns === true
})

/** The provider's session-start arrived: its hooks will report the turns a delivery starts. */
export const noteReportsTurns = (state: ReadyState): ReadyState => ({ ...state, reportsTurns: true })

/**
 * Applies a hook report. `waiting` is ambiguous (a permission prompt inside a turn, or the
 * idle-prompt notification), so it moves nothing but the reported label. Any report answers a
 * delivery's expected turn: it started (busy, waiting, compacting), or it already ended.
 */
export const applyReport = (state: ReadyState, report: TurnState): ReadyState => ({
  ...state,
  turnExpected: false,
  reportsTurns: true,
  reported: report,
  promptReported: report === "busy" ? false : report === "waiting" ? state.promptReported : true
})

/**
 * What reads the provider's screen says: hold deliveries (not its composer yet, or `dialog` — a
 * question a person must answer — is up) or let them go.
 */
export const applyScreenHold = (state: ReadyState, hold: boolean, dialog?: string): ReadyState => {
  const { screenDialog: _, ...rest } = state
  return hold && dialog !== undefined ? { ...rest, screenHold: hold, screenDialog: dialog } : { ...rest, screenHold: hold }
}

export const describe = (state: ReadyState, now: number): SessionReadiness => ({
  live: state.live,
  settingUp: state.settingUp,
  drafting: isDrafting(state.draft, now),
  quietMs: state.lastOut === null ? 0 : Math.max(0, now - state.lastOut),
  ...(state.reported === undefined ? {} : { reported: state.reported })
})

/**
 * The verdict at `now`, and when it could next change without any new event: `recheckInMs` is how
 * long until time alone could make it ready; `undefined` means only an event (output, a report, a
 * keystroke, the exit) can.
 */
export type Verdict =
  | { readonly _tag: "Ready" }
  | { readonly _tag: "Gone" }
  | { readonly _tag: "NotYet"; readonly recheckInMs: number | undefined }

export const verdict = (state: ReadyState, now: number): Verdict => {
  if (!state.live) return { _tag: "Gone" }
  if (state.settingUp) return { _tag: "NotYet", recheckInMs: undefined }
  if (state.screenHold === true) return { _tag: "NotYet", recheckInMs: undefined }
  if (isDrafting(state.draft, now)) {
    return { _tag: "NotYet", recheckInMs: state.draft.lastKeyAt + DRAFT_HOLD_MS - now }
  }
  if (state.promptReported) return { _tag: "Ready" }
  if (state.lastOut === null) return { _tag: "NotYet", recheckInMs: undefined }
  const quiet = now - state.lastOut
  if ((state.reported === "busy" || state.turnExpected === true) && quiet < BUSY_STALE_MS)
    return { _tag: "NotYet", recheckInMs: BUSY_STALE_MS - quiet }
  return quiet >= QUIET_MS ? { _tag: "Ready" } : { _tag: "NotYet", recheckInMs: QUIET_MS - quiet }
}
