/**
 * The RPC procedures. Each is served at `POST /rpc/<group>.<Method>?token=…` with its payload as a
 * JSON object body, answering 200 with the encoded success, or an error status with
 * `{"error": message, "failure": <encoded typed error>}` — plain JSON, so a plugin author can curl it.
 * CLI, MCP and window build their calls from these same definitions; the server serves the groups.
 */
// Deep imports: the @effect/rpc index drags its HTTP client and server into every bundle.
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { Label } from "./ids.js"
import { error, from, openFields, project } from "./rpcFields.js"
import { Checkout, Closed, Filed, Folder, FolderPainted, FolderRenamed, Opened, Renamed, ServerInfo, Started } from "./session.js"
import { ThemeList, ThemeSwitched, WindowState } from "./window.js"

// The relay's procedures live in modules of their own (a command evaluates only what it calls);
// they are re-exported here, so `./rpc.js` still names every procedure.
export * from "./rpcPeers.js"
export * from "./rpcRelay.js"

export const OpenPayload = Schema.Struct({
  from,
  project,
  ...openFields,
  folder: Schema.String,
  /** The person's answer to the sandbox rung's Ask (the window asks it); absent = take the confined side. Ignored on any other rung. */
  confine: Schema.optional(Schema.Boolean)
})
export type OpenPayload = typeof OpenPayload.Type

export const Open = Rpc.make("Open", { payload: OpenPayload, success: Opened, error })
export const ClosePayload = Schema.Struct({
  from,
  target: Schema.String,
  project,
  worktree: Schema.Literal("", "keep", "remove"),
  force: Schema.Boolean
})
export type ClosePayload = typeof ClosePayload.Type
export const RenamePayload = Schema.Struct({ from, target: Schema.String, project, label: Label })
export type RenamePayload = typeof RenamePayload.Type
export const StartPayload = Schema.Struct({ from, target: Schema.String })
export type StartPayload = typeof StartPayload.Type
/** worktrees and folders: what one project holds. */
export const ProjectPayload = Schema.Struct({ from, project })
export type ProjectPayload = typeof ProjectPayload.Type
export const FilePayload = Schema.Struct({ from, target: Schema.String, project, folder: Schema.String })
export type FilePayload = typeof FilePayload.Type
export const RenameFolderPayload = Schema.Struct({ from, project, folder: Schema.String, to: Schema.String })
export type RenameFolderPayload = typeof RenameFolderPayload.Type
/** color: a palette colour or "" — checked by the workspace, which words the refusal with the palette. */
export const ColorFolderPayload = Schema.Struct({ from, project, folder: Schema.String, color: Schema.String })
export type ColorFolderPayload = typeof ColorFolderPayload.Type

export const Close = Rpc.make("Close", { payload: ClosePayload, success: Closed, error })
export const Rename = Rpc.make("Rename", { payload: RenamePayload, success: Renamed, error })
/** Starts the PTY of an open card that has none (a restart, a card never viewed): resumes its conversation when one is known. */
export const Start = Rpc.make("Start", { payload: StartPayload, success: Started, error })
export const Worktrees = Rpc.make("Worktrees", { payload: ProjectPayload, success: Schema.Array(Checkout), error })
export const Folders = Rpc.make("Folders", { payload: ProjectPayload, success: Schema.Array(Folder), error })
export const File = Rpc.make("File", { payload: FilePayload, success: Filed, error })
export const RenameFolder = Rpc.make("RenameFolder", { payload: RenameFolderPayload, success: FolderRenamed, error })
export const ColorFolder = Rpc.make("ColorFolder", { payload: ColorFolderPayload, success: FolderPainted, error })
export const Info = Rpc.make("Info", { payload: {}, success: ServerInfo, error })
/** What the backend knows is wrong with it; `store` says why changes cannot be saved ("" when they can). */
export class HealthReport extends Schema.Class<HealthReport>("HealthReport")({ store: Schema.String }) {}
export const Health = Rpc.make("Health", { payload: {}, success: HealthReport, error })
/** Replies first, then ends every session and the process. */
export const Quit = Rpc.make("Quit", { payload: {}, success: Schema.Struct({}), error })

/** Everything the window needs on load: tabs, open cards and which of them have a running PTY. */
export const State = Rpc.make("State", { payload: {}, success: WindowState, error })
export const Themes = Rpc.make("Themes", { payload: {}, success: ThemeList, error })
/** id: a theme id or "system"; every open window repaints on the theme-changed it publishes. */
export const SwitchTheme = Rpc.make("SwitchTheme", { payload: { id: Schema.String }, success: ThemeSwitched, error })
/** A second `lich` hands its browser choice to the running backend, which opens the window. */
export const OpenWindow = Rpc.make("OpenWindow", {
  payload: { shell: Schema.String, flags: Schema.Array(Schema.String) },
  success: Schema.Struct({}),
  error
})

/** Group names as they appear in the URL path. */
export type RpcGroupName = "relay" | "spawn" | "system" | "hosts"
