/**
 * The RPC groups the server serves. Kept apart from rpc.ts so a client that only calls procedures
 * (the CLI) never evaluates RpcGroup.
 */
import * as RpcGroup from "@effect/rpc/RpcGroup"
import { Cost } from "./cost.js"
import * as Desk from "./desk.js"
import { Diagnostics } from "./diagnostics.js"
import * as Git from "./gitRpc.js"
import { Ask, Control } from "./mod.js"
import {
  Close,
  Collect,
  ColorFolder,
  File,
  Focus,
  Folders,
  Health,
  Info,
  Insert,
  Open,
  OpenWindow,
  Peers,
  Quit,
  Rename,
  RenameFolder,
  Reply,
  Send,
  Start,
  State,
  SwitchTheme,
  Themes,
  Wait,
  Whoami,
  Worktrees
} from "./rpc.js"
import {
  HostAck,
  HostAdd,
  HostConnect,
  HostErrand,
  HostHandshake,
  HostList,
  HostOpen,
  HostOutcome,
  HostPeers,
  HostRemove,
  HostSend,
  HostWait
} from "./rpcHosts.js"
import { Subagent } from "./subagent.js"

export const RelayRpcs = RpcGroup.make(Peers, Whoami, Send, Wait, Collect, Reply, Insert, Focus, Control, Ask, Subagent).prefix("relay.")
export const SpawnRpcs = RpcGroup.make(Open, Close, Rename, Start, Worktrees, Folders, File, RenameFolder, ColorFolder).prefix("spawn.")
/** Hosts (libs/hosts): the user's list, the handshake and errands a far lich makes, and `--host`. */
export const HostsRpcs = RpcGroup.make(
  HostList,
  HostAdd,
  HostRemove,
  HostConnect,
  HostHandshake,
  HostErrand,
  HostOutcome,
  HostAck,
  HostSend,
  HostWait,
  HostPeers,
  HostOpen
).prefix("hosts.")
export const SystemRpcs = RpcGroup.make(Info, Health, Quit, State, Themes, SwitchTheme, OpenWindow, Diagnostics, Cost).prefix("system.")

/** The window's own procedures (libs/contract/src/desk.ts). */
export const DeskRpcs = RpcGroup.make(
  Desk.Complete,
  Desk.Recent,
  Desk.OpenProject,
  Desk.CloseProject,
  Desk.Providers,
  Desk.ListBranches,
  Desk.GetSettings,
  Desk.SetSetting,
  Desk.SetProjectFile,
  Desk.History,
  Desk.Resume,
  Desk.Dirty
).prefix("desk.")

/** A session's checkout: what it changed, its review, and landing it (libs/contract/src/gitRpc.ts). */
export const GitRpcs = RpcGroup.make(
  Git.GitChanges,
  Git.GitAll,
  Git.GitRefresh,
  Git.GitDiff,
  Git.GitReview,
  Git.GitComment,
  Git.GitEditComment,
  Git.GitDropComment,
  Git.GitSendReview,
  Git.GitAskReview,
  Git.GitNoteOverlap,
  Git.GitCommit,
  Git.GitRebase,
  Git.GitSendConflicts,
  Git.GitMerge,
  Git.GitGh,
  Git.GitPrDraft,
  Git.GitOpenPr,
  Git.GitSendChecks,
  Git.GitPrList,
  Git.GitCheckoutPr
).prefix("git.")
