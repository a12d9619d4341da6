/** Pure renderers for `lich plugin`: the installs as tab-separated rows, and one line per action. */
import type { PluginRow } from "@lich/contract"

const HEADER = ["provider", "name", "found", "installed", "version", "current"]

const yesNo = (b: boolean) => (b ? "yes" : "no")

export const renderPlugins = (rows: ReadonlyArray<PluginRow>): string =>
  [
    HEADER,
    ...rows.map((r) => [r.provider, r.name, r.found || "-", yesNo(r.installed), r.version || "-", r.installed ? yesNo(r.current) : "-"])
  ]
    .map((c) => c.join("\t"))
    .join("\n")

export const renderPluginAction = (action: "install" | "update" | "remove", r: PluginRow, wasInstalled: boolean): string => {
  if (action === "remove") {
    return wasInstalled ? `Removed lich's plugin for ${r.name}.` : `lich's plugin is not installed for ${r.name}; nothing to remove.`
  }
  const verb = action === "update" || wasInstalled ? "Updated" : "Installed"
  return `${verb} lich's plugin ${r.version} for ${r.name}.`
}
