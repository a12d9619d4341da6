/**
 * The dock's look, kept in localStorage: its width, whether it is open, and how a diff is shown.
 * These are the person's taste, the same in every window of this machine, unlike the selection
 * (sessionStorage, per window).
 */

const DOCK_KEY = "lich.dock"

export interface DockLook {
  readonly open: boolean
  readonly width: number
  readonly mode: "unified" | "split"
  readonly whole: boolean
}

/** 520 px: a side-by-side diff of 80-column code stays readable beside a 100-column terminal at 1400 px. */
export const DEFAULT_WIDTH = 520
/** the narrowest the dock's file rows and buttons still read at */
export const MIN_WIDTH = 300

const fallback: DockLook = { open: false, width: DEFAULT_WIDTH, mode: "unified", whole: false }

export const savedLook = (): DockLook => {
  try {
    const s = JSON.parse(localStorage.getItem(DOCK_KEY) ?? "") as Partial<DockLook>
    return {
      open: s.open === true,
      width: typeof s.width === "number" && s.width >= MIN_WIDTH ? s.width : DEFAULT_WIDTH,
      mode: s.mode === "split" ? "split" : "unified",
      whole: s.whole === true
    }
  } catch {
    return fallback
  }
}

export const saveLook = (l: DockLook): void => localStorage.setItem(DOCK_KEY, JSON.stringify(l))
