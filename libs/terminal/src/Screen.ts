/**
 * Recognising a provider's own start-up screens in its output: the composer that says it is ready
 * for a prompt, and the dialogs it may open on first (Codex's "Trust this folder?"). It exists for
 * the first task only — quiet is the only other start-up signal, and a TUI drawing its frame and
 * then going quiet, or quietly showing a dialog, looks ready to it.
 *
 * It is not a terminal emulator. Output is reduced to its printable text (escape sequences and
 * all whitespace removed, since TUIs place words with cursor moves) and searched for a provider's
 * markers; the marker that appears last wins. A TUI that redraws only changed cells can leave a
 * marker's letters apart, so a marker is a phrase drawn once into blank space, and a screen that
 * is never recognised falls back to quiet (the caller's bound), never to waiting forever.
 */

export interface ScreenDialog {
  /** A phrase the dialog draws, as it reads on screen. */
  readonly marker: string
  /** What the card says while it is up, for a person to act on. */
  readonly reason: string
}

export interface ScreenRules {
  /** Phrases that only the provider's ready composer draws. */
  readonly ready: ReadonlyArray<string>
  readonly dialogs: ReadonlyArray<ScreenDialog>
  /** How long the composer must stand, not drawn again, before it is taken to read keys (default 0). */
  readonly settleMs?: number
  /**
   * Escape sequences a plugin inside the provider writes when it is ready (oh-my-pi's extension, once
   * lich's tools are mounted), matched in the raw output: a TUI that redraws only changed cells can
   * split any drawn phrase, while a sequence written in one piece arrives whole. Terminals ignore them.
   */
  readonly signals?: ReadonlyArray<string>
}

export type ScreenFinding = { readonly _tag: "Ready" } | { readonly _tag: "Dialog"; readonly reason: string }

export interface ScreenScan {
  /** The end of the text seen so far, to find a marker split across reads. */
  readonly tail: string
}

export const initialScan: ScreenScan = { tail: "" }

// CSI (with private and intermediate bytes), OSC (BEL or ST ended), and two-byte ESC sequences.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[@-Z\\-_]|\x1b[ -/][0-~]/g
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\s\u0000-\u001f\u007f]+/gu

/** The printable text of some output, as compared with markers. */
export const printable = (text: string): string => text.replace(ESCAPES, "").replace(INVISIBLE, "")

/** 512 characters: longer than any marker, so one split across reads is found whole. */
const TAIL_CHARS = 512

interface Compiled {
  readonly ready: ReadonlyArray<string>
  readonly dialogs: ReadonlyArray<{ readonly key: string; readonly reason: string }>
}

const compiled = new WeakMap<ScreenRules, Compiled>()
const compile = (rules: ScreenRules): Compiled => {
  const known = compiled.get(rules)
  if (known) return known
  const c = { ready: rules.ready.map(printable), dialogs: rules.dialogs.map((d) => ({ key: printable(d.marker), reason: d.reason })) }
  compiled.set(rules, c)
  return c
}

/**
 * One read of output. The finding is what the newest marker in it says, or undefined when it
 * holds none (the previous finding stands). Escape sequences split across reads are dropped as
 * the tail is re-read with the next one.
 */
export const scanScreen = (
  rules: ScreenRules,
  scan: ScreenScan,
  text: string
): { readonly scan: ScreenScan; readonly finding: ScreenFinding | undefined } => {
  const c = compile(rules)
  const seen = printable(scan.tail + text)
  let best = -1
  let finding: ScreenFinding | undefined
  for (const r of c.ready) {
    const at = seen.lastIndexOf(r)
    if (at > best) [best, finding] = [at, { _tag: "Ready" }]
  }
  for (const d of c.dialogs) {
    const at = seen.lastIndexOf(d.key)
    if (at > best) [best, finding] = [at, { _tag: "Dialog", reason: d.reason }]
  }
  // The raw tail, so an escape sequence cut in two is whole again next time; cut after the newest
  // marker, so one already reported is never reported again.
  const raw = scan.tail + text
  if ((rules.signals ?? []).some((sig) => raw.includes(sig))) finding = { _tag: "Ready" }
  const tail = finding === undefined ? raw.slice(-TAIL_CHARS) : ""
  return { scan: { tail }, finding }
}
