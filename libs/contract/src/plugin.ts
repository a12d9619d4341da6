/**
 * lich's plugin for the harnesses that cannot be told about lich on their own command line: which
 * providers take it, each one's install as the backend reads it off the disk, and the `plugin.`
 * procedures behind Settings › lich plugin. `lich plugin --json` prints the same fields plus the
 * binary found, since the CLI answers without a running lich and has no Settings to ask.
 */
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { error } from "./rpcFields.js"

/** The five providers lich's plugin installs into (Claude Code, Codex and opencode need none). */
export const PluginProviderId = Schema.Literal("omp", "crush", "cursor", "kiro", "antigravity")
export type PluginProviderId = typeof PluginProviderId.Type

export const PluginAction = Schema.Literal("install", "update", "remove")
export type PluginAction = typeof PluginAction.Type

const fields = {
  provider: PluginProviderId,
  name: Schema.String,
  installed: Schema.Boolean,
  /** the plugin release installed; "" when none is */
  version: Schema.String,
  /** installed, carrying this lich's release and naming this lich's binary */
  current: Schema.Boolean
}

/** One provider's install, read off its files at each ask. */
export class PluginInstall extends Schema.Class<PluginInstall>("PluginInstall")({
  ...fields,
  /** the files and folders an install writes, for a person to look at */
  where: Schema.Array(Schema.String)
}) {}

/** A row of `lich plugin --json`: `found` is the binary on PATH a session would run, "" when none is. */
export const PluginRow = Schema.Struct({
  provider: fields.provider,
  name: fields.name,
  found: Schema.String,
  installed: fields.installed,
  version: fields.version,
  current: fields.current
})
export type PluginRow = typeof PluginRow.Type

const provider = { provider: PluginProviderId }

/** Every provider's install, in the order above. */
export const PluginStates = Rpc.make("States", { payload: {}, success: Schema.Array(PluginInstall), error })
/** Each answers the install as it is after the action; a refusal is one line and leaves every file as it was. */
export const PluginInstallRpc = Rpc.make("Install", { payload: provider, success: PluginInstall, error })
/** Refused when nothing is installed: an update never installs behind a person's back. */
export const PluginUpdate = Rpc.make("Update", { payload: provider, success: PluginInstall, error })
/** Takes out exactly what lich wrote; nothing installed is no error. */
export const PluginRemove = Rpc.make("Remove", { payload: provider, success: PluginInstall, error })
