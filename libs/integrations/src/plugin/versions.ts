/** Plugin releases compared: whether an install is this lich's, and whether it carries lich's tools. */

/** What of an install and of a context the comparison reads (Plugin.ts's Installed, PluginContext). */
type Release = { readonly version: string; readonly lichBin: string }

/** An install is current when it carries this lich's release and names this lich. */
export const isCurrent = (i: Release, ctx: Release): boolean => i.version === ctx.version && i.lichBin === ctx.lichBin

/** 0.9.0: the first plugin release that carries lich's tools (the contract's HasTools rule). */
export const TOOLS_MIN_VERSION = "0.9.0"

/** Whether `a` ≥ `b`, both `x.y.z` (anything else is older than everything). */
export const versionAtLeast = (a: string, b: string): boolean => {
  const parse = (v: string) => /^(\d+)\.(\d+)\.(\d+)/.exec(v)?.slice(1).map(Number)
  const x = parse(a)
  const y = parse(b)
  if (x === undefined || y === undefined) return false
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]!
  return true
}
