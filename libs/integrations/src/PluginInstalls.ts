/**
 * The plugin installs as the backend serves them: each one's state, Install/Update/Remove for the
 * window, and the HasTools rule — which sessions have lich's tools in their own tool list, so a
 * relayed message offers `reply_to_session` exactly to those. States are read off the disk at each
 * ask, never cached: an install the CLI made while the backend runs counts at once, and a file the
 * user deleted by hand is seen as gone.
 *
 * Without lich's plugin tree (it could not be laid) nothing can be installed, and every state says so.
 */

import type { PluginAction } from "@lich/contract"
import { isProviderId, provider } from "@lich/providers"
import { Context, Effect, Layer } from "effect"
import { isPluginProvider, type PluginContext, type PluginProvider } from "./plugin/Plugin.js"
import { type PluginState, pluginHasTools, pluginStates, runPlugin } from "./plugin/plugins.js"

export interface PluginInstallsShape {
  readonly states: () => Effect.Effect<ReadonlyArray<PluginState>, string>
  readonly run: (id: PluginProvider, action: PluginAction) => Effect.Effect<PluginState, string>
  /** Whether a session of this kind has lich's tools (always, or through the installed plugin). */
  readonly hasTools: (kind: string) => Effect.Effect<boolean>
}

/** The contract's HasTools rule, for a kind read off a row (any string). */
export const sessionHasTools = (kind: string, ctx: PluginContext | undefined): boolean => {
  if (!isProviderId(kind)) return false
  if (provider(kind).hasToolsAlways) return true
  return ctx !== undefined && isPluginProvider(kind) && pluginHasTools(ctx, kind)
}

const NO_TREE = "lich's plugin tree could not be laid at start-up (lich.log says why), so there is nothing to install"

export class PluginInstalls extends Context.Tag("lich/integrations/PluginInstalls")<PluginInstalls, PluginInstallsShape>() {
  static readonly layer = (ctx: PluginContext | undefined) =>
    Layer.effect(
      PluginInstalls,
      Effect.map(Effect.makeSemaphore(1), (one) => ({
        states: () => (ctx === undefined ? Effect.fail(NO_TREE) : Effect.sync(() => pluginStates(ctx))),
        // One action at a time: a plan is computed from the files as they are, so a second click
        // planned meanwhile would work from what the first one is about to change.
        run: (id, action) => (ctx === undefined ? Effect.fail(NO_TREE) : one.withPermits(1)(runPlugin(ctx, id, action))),
        hasTools: (kind) => Effect.sync(() => sessionHasTools(kind, ctx))
      }))
    )
}
