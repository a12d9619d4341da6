/**
 * The `plugin.` group over the installs (PluginInstalls): what Settings › lich plugin asks. Each
 * action answers the provider's state read back off the disk after it, so the card shows what is
 * there now without lich restarting; a refusal is the installer's one line, as `lich plugin` prints it.
 */
import { type PluginAction, type PluginProviderId, PluginRpcs, Refused } from "@lich/contract"
import { Effect } from "effect"
import { PluginInstalls } from "./PluginInstalls.js"

export const PluginLayer = PluginRpcs.toLayer(
  Effect.map(PluginInstalls, (installs) => {
    const run = (action: PluginAction) => (p: { readonly provider: PluginProviderId }) =>
      installs.run(p.provider, action).pipe(Effect.mapError((message) => new Refused({ message })))
    return PluginRpcs.of({
      "plugin.States": () => installs.states().pipe(Effect.mapError((message) => new Refused({ message }))),
      "plugin.Install": run("install"),
      "plugin.Update": run("update"),
      "plugin.Remove": run("remove")
    })
  })
)
