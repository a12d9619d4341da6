/**
 * Worktree setup runs in the session's own terminal before the provider starts, so the user sees
 * it. The terminal must know when it ended (until then the prompt is not the agent's), and learns
 * it from a private OSC the wrapper prints: xterm.js ignores unknown OSCs, so the user never sees it.
 *
 * This module builds that wrapper and finds the marker in output that arrives in arbitrary reads.
 * It refuses to guess from the provider's output: no marker, still setting up.
 */

/** The setup-done marker: OSC 6969 (a number no terminal assigns), terminated by BEL. */
export const SETUP_DONE_MARKER = "\x1b]6969;lich-setup-done\x07"

const MARKER_BYTES = new TextEncoder().encode(SETUP_DONE_MARKER)

export interface MarkerScan {
  readonly found: boolean
  /** Bytes of the scanned chunk after the marker's end (0 when not found). */
  readonly after: number
  /** What to carry into the next scan: the last `marker length − 1` bytes seen. */
  readonly tail: Uint8Array
}

const indexOf = (hay: Uint8Array, needle: Uint8Array): number => {
  const first = needle[0]
  outer: for (let i = hay.indexOf(first!); i !== -1 && i + needle.length <= hay.length; i = hay.indexOf(first!, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}

/**
 * Looks for the marker in `tail` + `chunk`. Keeping `marker length − 1` bytes is exactly enough:
 * any marker split across reads has at most that many bytes before the split.
 */
export const scanForMarker = (tail: Uint8Array, chunk: Uint8Array): MarkerScan => {
  const seen = new Uint8Array(tail.length + chunk.length)
  seen.set(tail, 0)
  seen.set(chunk, tail.length)
  const at = indexOf(seen, MARKER_BYTES)
  if (at !== -1) return { found: true, after: seen.length - at - MARKER_BYTES.length, tail: new Uint8Array(0) }
  return { found: false, after: 0, tail: seen.slice(Math.max(0, seen.length - (MARKER_BYTES.length - 1))) }
}

/** Quotes one word for POSIX sh: single quotes, with each `'` spelled `'\''`. */
export const shellQuote = (word: string): string => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)

/**
 * Runs `script` in a subshell, says so in the terminal when it fails (the session still starts:
 * a half-set-up worktree is more useful than no agent), prints the marker, then replaces the shell
 * with the provider. The script is wrapped in newlines so a trailing comment cannot swallow `)`.
 */
export const setupWrapper = (
  script: string,
  argv: ReadonlyArray<string>
): { readonly file: "/bin/sh"; readonly args: ReadonlyArray<string> } => {
  const exec = argv.length > 0 ? `; exec ${argv.map(shellQuote).join(" ")}` : ""
  return {
    file: "/bin/sh",
    args: ["-c", `(\n${script}\n) || echo "[lich] worktree setup failed (exit $?)"; printf '\\033]6969;lich-setup-done\\007'${exec}`]
  }
}
