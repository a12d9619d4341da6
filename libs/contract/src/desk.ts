/**
 * What the window asks for that the CLI never does: the person at the desk browses directories,
 * picks from recent projects, sees which providers this machine has, chooses a base branch, edits
 * settings and resumes parked sessions from History. Served at `/rpc/desk.<Method>`; shapes only.
 * Everything a session could also do (open, close, rename, start) stays on the spawn group.
 */
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { LichError } from "./errors.js"
import { ProjectId, SessionId } from "./ids.js"

const error = LichError

export class DirEntry extends Schema.Class<DirEntry>("DirEntry")({ name: Schema.String, path: Schema.String }) {}

export class Completion extends Schema.Class<Completion>("Completion")({
  /** the directory listed, ~ expanded; "" when the typed path names none */
  dir: Schema.String,
  entries: Schema.Array(DirEntry)
}) {}

export class RecentProject extends Schema.Class<RecentProject>("RecentProject")({
  id: Schema.String,
  name: Schema.String,
  path: Schema.String,
  open: Schema.Boolean,
  /** ms since the epoch of its last session activity (or its creation) */
  usedAt: Schema.Number,
  /** false when the directory is gone from disk */
  exists: Schema.Boolean
}) {}

export class ProjectClosed extends Schema.Class<ProjectClosed>("ProjectClosed")({
  id: Schema.String,
  /** sessions parked with it (worktrees kept) */
  parked: Schema.Number
}) {}

export class ProviderFound extends Schema.Class<ProviderFound>("ProviderFound")({
  id: Schema.String,
  name: Schema.String,
  /** the binary a spawn would run: env override, setting, or the default name */
  binary: Schema.String,
  /** where it was found; "" = missing */
  path: Schema.String,
  /** what to do when missing, one line */
  install: Schema.String,
  models: Schema.Boolean,
  efforts: Schema.Boolean,
  /** its sandbox rung (off, ask, worktrees, everywhere): "ask" is a question the window puts at open */
  rung: Schema.String
}) {}

export class Branches extends Schema.Class<Branches>("Branches")({
  current: Schema.String,
  branches: Schema.Array(Schema.String)
}) {}

export class SettingsView extends Schema.Class<SettingsView>("SettingsView")({
  global: Schema.Record({ key: Schema.String, value: Schema.String }),
  /** the project's own values ("" project = none) */
  project: Schema.Record({ key: Schema.String, value: Schema.String }),
  /** .lich/setup-worktree.sh of the project, "" when none */
  setupScript: Schema.String,
  /** .worktreeinclude of the project, "" when none */
  worktreeInclude: Schema.String
}) {}

export class Parked extends Schema.Class<Parked>("Parked")({
  id: Schema.String,
  projectId: Schema.String,
  project: Schema.String,
  label: Schema.String,
  kind: Schema.String,
  path: Schema.String,
  branch: Schema.String,
  parkedAt: Schema.Number,
  /** a provider conversation is known: resuming continues it */
  resumable: Schema.Boolean
}) {}

export class Resumed extends Schema.Class<Resumed>("Resumed")({ id: Schema.String, startError: Schema.String }) {}

export class DirtyFiles extends Schema.Class<DirtyFiles>("DirtyFiles")({ path: Schema.String, files: Schema.Array(Schema.String) }) {}

/** path: what is typed so far; the entries are directories under its last complete segment. */
export const Complete = Rpc.make("Complete", { payload: { path: Schema.String }, success: Completion, error })
export const Recent = Rpc.make("Recent", { payload: {}, success: Schema.Array(RecentProject), error })
export const OpenProject = Rpc.make("OpenProject", { payload: { path: Schema.String }, success: RecentProject, error })
export const CloseProject = Rpc.make("CloseProject", { payload: { id: ProjectId }, success: ProjectClosed, error })
export const Providers = Rpc.make("Providers", { payload: {}, success: Schema.Array(ProviderFound), error })
export const ListBranches = Rpc.make("Branches", { payload: { project: Schema.String }, success: Branches, error })
export const GetSettings = Rpc.make("GetSettings", { payload: { project: Schema.String }, success: SettingsView, error })
/** value "" removes the key in that scope; project "" = global. */
export const SetSettingPayload = Schema.Struct({ key: Schema.String, value: Schema.String, project: Schema.String })
export type SetSettingPayload = typeof SetSettingPayload.Type
export const SetProjectFilePayload = Schema.Struct({
  project: Schema.String,
  file: Schema.Literal("setup", "include"),
  text: Schema.String
})
export type SetProjectFilePayload = typeof SetProjectFilePayload.Type

export const SetSetting = Rpc.make("SetSetting", { payload: SetSettingPayload, success: Schema.Struct({}), error })
export const SetProjectFile = Rpc.make("SetProjectFile", { payload: SetProjectFilePayload, success: Schema.Struct({}), error })
/** project "" = every project's parked sessions, newest first. */
export const History = Rpc.make("History", { payload: { project: Schema.String }, success: Schema.Array(Parked), error })
export const Resume = Rpc.make("Resume", { payload: { id: SessionId }, success: Resumed, error })
export const Dirty = Rpc.make("Dirty", { payload: { target: Schema.String }, success: DirtyFiles, error })
