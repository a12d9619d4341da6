/**
 * The lich-plugin releases this lich speaks. A request from another release is still served — a
 * report that parses is applied — but lich says so once per session in its log, and the commands a
 * release lacks are refused with what to update instead of failing inside the session.
 */

/** 0.15.0: the first release whose mod takes control, ask and relayed tasks. */
export const PLUGIN_FLOOR = "0.15.0"
/** Below 1.0.0: a major release may change the wire; this lich was written against 0.x. */
export const PLUGIN_CEILING = "1.0.0"

const parse = (v: string): ReadonlyArray<number> | undefined => {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(v.trim())
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined
}

/** -1, 0 or 1 as a is older, the same as, or newer than b; undefined when either is not a version. */
export const compareVersions = (a: string, b: string): number | undefined => {
  const x = parse(a)
  const y = parse(b)
  if (!x || !y) return undefined
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1
  return 0
}

/** True when `plugin` is `floor` or newer; false for "" and for anything that is not a version. */
export const atLeast = (plugin: string, floor: string): boolean => (compareVersions(plugin, floor) ?? -1) >= 0

/** Why a release is outside what lich speaks, or undefined when it is inside (or absent). */
export const checkPlugin = (plugin: string): string | undefined => {
  if (plugin === "") return undefined
  const low = compareVersions(plugin, PLUGIN_FLOOR)
  if (low === undefined) return `its plugin announced "${plugin.slice(0, 64)}", which is not a release number`
  if (low < 0) return `its plugin is lich-plugin ${plugin}, older than the ${PLUGIN_FLOOR} this lich speaks — update lich-plugin`
  if ((compareVersions(plugin, PLUGIN_CEILING) ?? 1) >= 0)
    return `its plugin is lich-plugin ${plugin}, newer than this lich speaks (below ${PLUGIN_CEILING}) — update lich`
  return undefined
}
