/**
 * The command palette's items and how typing narrows them. Every word typed must appear in the
 * item's title or detail (any order, any case); titles that start with the first word rank first.
 * History holds parked sessions, so resuming one is the palette and Enter.
 */
export type PaletteTab = "All" | "Sessions" | "Projects" | "Actions" | "History"
export const PALETTE_TABS: ReadonlyArray<PaletteTab> = ["All", "Sessions", "Projects", "Actions", "History"]

export interface PaletteItem {
  readonly group: Exclude<PaletteTab, "All">
  /** what running it means to the app: "session:<id>", "project:<id>", "action:<name>", "resume:<id>" */
  readonly key: string
  readonly title: string
  readonly detail: string
  readonly hint: string
}

/** 50: a palette is for picking, not browsing; typing narrows the rest. */
export const MAX_ITEMS = 50

export const filterItems = (items: ReadonlyArray<PaletteItem>, query: string, tab: PaletteTab): Array<PaletteItem> => {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== "")
  const inTab = items.filter((i) => tab === "All" || i.group === tab)
  const hits = inTab.filter((i) => {
    const text = `${i.title} ${i.detail}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
  const first = words[0]
  const rank = (i: PaletteItem) => (first !== undefined && i.title.toLowerCase().startsWith(first) ? 0 : 1)
  return hits
    .map((i, n) => ({ i, n }))
    .sort((a, b) => rank(a.i) - rank(b.i) || a.n - b.n)
    .map((x) => x.i)
    .slice(0, MAX_ITEMS)
}

/** How long ago, for History's detail: "just now", "5 min ago", "3 h ago", "2 d ago". */
export const ago = (at: number, now: number): string => {
  const s = Math.max(0, Math.round((now - at) / 1000))
  if (s < 60) return "just now"
  if (s < 3600) return `${Math.round(s / 60)} min ago`
  if (s < 86400) return `${Math.round(s / 3600)} h ago`
  return `${Math.round(s / 86400)} d ago`
}

/** Moves a pick through a list of `len` by ±1, passing through -1 (nothing picked) between the ends. */
export const cycle = (picked: number, by: 1 | -1, len: number): number => ((picked + 1 + by + len + 1) % (len + 1)) - 1
