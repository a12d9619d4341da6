/**
 * What the running backend is: its coordinates and the environment sessions inherit. Built once at
 * start-up in apps/server/src/layers.ts; everything that spawns a PTY reads it from here.
 */
import { Context } from "effect"

export interface ServerConfigShape {
  readonly version: string
  readonly port: number
  readonly token: string
  /** Absolute path of the lich command sessions must call back into ($LICH_BIN). */
  readonly lichBin: string
  /** The launch environment sessions start from. */
  readonly env: Readonly<Record<string, string | undefined>>
  /** `${XDG_DATA_HOME:-~/.local/share}/lich`: worktrees live under it. */
  readonly dataDir: string
  readonly home: string
  /** lich's Claude Code plugin as laid under the data dir (plugin.ts); absent when it could not be laid. */
  readonly claudePlugin?: { readonly dir: string; readonly version: string } | undefined
}

export class ServerConfig extends Context.Tag("lich/spawn/ServerConfig")<ServerConfig, ServerConfigShape>() {}
