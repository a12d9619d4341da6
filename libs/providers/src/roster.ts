// The name a session answers to in the peer roster: the last element of its directory, then a few
// characters of its id. lich mints it (Claude Code is told it as --name) and the relay derives it again
// to resolve an address, and the window shows it on the card — so this one function is the only
// spelling, and it must not depend on the platform it runs on.

/** 4: enough to separate the handful of sessions one checkout holds, short enough to read in a roster row. */
const idChars = 4

/** A directory that names nothing — no path, the current one, a bare root — falls back to the app's name. */
const fallbackDir = "lich"

const isRosterChar = (c: string): boolean => /^[0-9A-Za-z]$/.test(c)

/**
 * Backslashes are folded to slashes first, so a Windows path gives the same answer in a browser, on
 * Linux and on Windows. An id with no ASCII letters or digits leaves the directory alone, without a
 * dangling dash.
 */
export const rosterName = (sessionId: string, path: string): string => {
  const trimmed = path.replace(/\\/g, "/").replace(/\/+$/, "")
  const base = trimmed.slice(trimmed.lastIndexOf("/") + 1)
  const dir = base === "" || base === "." ? fallbackDir : base
  const tail = Array.from(sessionId).filter(isRosterChar).slice(0, idChars).join("")
  return tail === "" ? dir : `${dir}-${tail}`
}
