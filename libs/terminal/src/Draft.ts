/**
 * Is someone typing at this terminal? A half-written line in the window must not receive a relayed
 * message on top of it, so keystrokes from the window (and only those) feed this tracker.
 *
 * It reads bytes, not characters: printable bytes (≥ 0x20, which includes DEL and UTF-8) start a
 * draft; Enter, newline and Ctrl-C end it. Escape sequences — arrows, focus reports, mouse reports,
 * xterm's automatic answers to colour queries — are skipped so they never count as typing. It does
 * not track the line's contents: it cannot know whether the draft was erased, so it errs towards
 * "drafting", which only delays a delivery.
 */

/** 60 s: a draft older than this is taken as abandoned, so a forgotten line cannot block forever. */
export const DRAFT_HOLD_MS = 60_000

/**
 * 32 bytes: the longest escape sequence a keyboard or xterm.js answer realistically splits across
 * two writes; an "escape" still open past this is taken as garbage and the tracker resyncs.
 */
export const MAX_HELD_ESCAPE_BYTES = 32

const ESC = 0x1b
const BEL = 0x07

/**
 * Where the tracker is inside an escape sequence, carried between writes so a sequence split across
 * two writes is still skipped. `held` counts the bytes of the open sequence.
 */
export type EscapeState = { readonly phase: "ground" } | { readonly phase: "esc" | "csi" | "string" | "string-esc"; readonly held: number }

export interface DraftState {
  readonly drafting: boolean
  /** When the last printable key arrived (ms), the start of the 60 s hold. */
  readonly lastKeyAt: number
  readonly escape: EscapeState
}

export const initialDraft: DraftState = { drafting: false, lastKeyAt: 0, escape: { phase: "ground" } }

const GROUND: EscapeState = { phase: "ground" }

/** Bytes after ESC that open a control string ended by BEL or ESC \ (OSC, DCS, SOS, PM, APC). */
const isStringIntroducer = (b: number) => b === 0x5d || b === 0x50 || b === 0x58 || b === 0x5e || b === 0x5f

/** CSI and SS3 end at their first byte in 0x40–0x7E. */
const isFinal = (b: number) => b >= 0x40 && b <= 0x7e

/** Feeds one write from the window; `now` is the write's time in ms. */
export const feedDraft = (state: DraftState, bytes: Uint8Array, now: number): DraftState => {
  let { drafting, lastKeyAt, escape: seq } = state
  for (const b of bytes) {
    switch (seq.phase) {
      case "ground":
        if (b === ESC) seq = { phase: "esc", held: 1 }
        else if (b === 0x0d || b === 0x0a || b === 0x03) drafting = false
        else if (b >= 0x20) {
          drafting = true
          lastKeyAt = now
        }
        break
      case "esc":
        // `[` opens CSI, `O` opens SS3; a string introducer opens OSC/DCS/…; anything else is the
        // one byte of an ESC+byte sequence (Alt+key).
        if (b === 0x5b || b === 0x4f) seq = { phase: "csi", held: seq.held + 1 }
        else if (isStringIntroducer(b)) seq = { phase: "string", held: seq.held + 1 }
        else seq = GROUND
        break
      case "csi":
        seq = isFinal(b) ? GROUND : { phase: "csi", held: seq.held + 1 }
        break
      case "string":
        if (b === BEL) seq = GROUND
        else if (b === ESC) seq = { phase: "string-esc", held: seq.held + 1 }
        else seq = { phase: "string", held: seq.held + 1 }
        break
      case "string-esc":
        // ESC \ is the string terminator; anything else is malformed, and resyncing is the answer.
        seq = GROUND
        break
    }
  }
  // Only a sequence split across writes is held, and only so far.
  if (seq.phase !== "ground" && seq.held > MAX_HELD_ESCAPE_BYTES) seq = GROUND
  return { drafting, lastKeyAt, escape: seq }
}

/** Whether the draft still blocks delivery at `now`. */
export const isDrafting = (state: DraftState, now: number): boolean => state.drafting && now - state.lastKeyAt < DRAFT_HOLD_MS
