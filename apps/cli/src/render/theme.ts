/** Pure renderers for `lich theme`: the list as tab-separated rows (system first) and the switch line. */
import type { ThemeList, ThemeSwitched } from "@lich/contract"

const HEADER = ["theme", "scheme", "name"]

export const renderThemes = (list: ThemeList): string =>
  [HEADER, ...list.themes.map((t) => [t.id, t.scheme, t.name, ...(t.inUse ? ["(in use)"] : [])])].map((c) => c.join("\t")).join("\n")

/** --json: each theme's id, name, scheme, pair and whether it is in use — never its colours. */
export const themesJson = (list: ThemeList) =>
  list.themes.map((t) => ({ id: t.id, name: t.name, scheme: t.scheme, pair: t.pair, inUse: t.inUse }))

export const renderSwitched = (s: ThemeSwitched): string => `Switched to "${s.id}".`
