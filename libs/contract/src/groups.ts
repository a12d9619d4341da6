/**
 * The RPC groups the server serves. Kept apart from rpc.ts so a client that only calls procedures
 * (the CLI) never evaluates RpcGroup.
 */
import * as RpcGroup from "@effect/rpc/RpcGroup"
import { Admit, Budgets, SetBudget } from "./budget.js"
import { Cost } from "./cost.js"
import * as Desk from "./desk.js"
import { Diagnostics } from "./diagnostics.js"
import { Errands } from "./errands.js"
import * as Git from "./gitRpc.js"
import { Ask, Control } from "./mod.js"
import { PluginInstallRpc, PluginRemove, PluginStates, PluginUpdate } from "./plugin.js"
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
  HostBranches,
  HostClose,
  HostConnect,
  HostErrand,
  HostHandshake,
  HostList,
  HostOpen,
  HostOutcome,
  HostPeers,
  HostRemove,
  HostSend,
  HostStart,
  HostWait,
  HostWindowState
} from "./rpcHosts.js"
import { Subagent } from "./subagent.js"

/**
 * One group per lib that serves it (apps/server merges their layers): the group's prefix is the URL
 * path, so two groups may share one (`relay.`, `system.`) while each is implemented where its
 * procedures' logic lives. A procedure moved between owners keeps its path.
 */
/** libs/relay: handing work over and driving sessions. */
export const RelayRpcs = RpcGroup.make(Send, Wait, Collect, Reply, Insert, Focus, Control, Ask, Subagent, Errands).prefix("relay.")
/** libs/spawn: who is there, from the workspace's cards. */
export const PeerRpcs = RpcGroup.make(Peers, Whoami).prefix("relay.")
/** libs/spawn: sessions opened, closed, named and filed. */
export const SpawnRpcs = RpcGroup.make(Open, Close, Rename, Start, Worktrees, Folders, File, RenameFolder, ColorFolder).prefix("spawn.")
/** libs/hosts: the user's list, the handshake and errands a far lich makes, and `--host`. */
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
  HostOpen,
  HostWindowState,
  HostClose,
  HostStart,
  HostBranches
).prefix("hosts.")
/** apps/server: the backend itself and its window. */
export const SystemRpcs = RpcGroup.make(Info, Health, Quit, State, OpenWindow, Diagnostics).prefix("system.")
/** libs/themes. */
export const ThemeRpcs = RpcGroup.make(Themes, SwitchTheme).prefix("system.")
/** libs/cost. */
export const CostRpcs = RpcGroup.make(Cost).prefix("system.")
/** libs/cost: budgets and plan windows — the caps on new work, and what each account has used. */
export const BudgetRpcs = RpcGroup.make(Budgets, SetBudget, Admit).prefix("system.")

/** libs/integrations: lich's plugin per provider, Settings › lich plugin (plugin.ts). */
export const PluginRpcs = RpcGroup.make(PluginStates, PluginInstallRpc, PluginUpdate, PluginRemove).prefix("plugin.")

/** libs/spawn: the window's own procedures (libs/contract/src/desk.ts). */
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

/** libs/git: a session's checkout — what it changed, its review, and landing it (gitRpc.ts). */
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

/** Every group the backend serves: a procedure is found by its path across these. */
export const rpcGroups = [
  RelayRpcs,
  PeerRpcs,
  SpawnRpcs,
  DeskRpcs,
  SystemRpcs,
  ThemeRpcs,
  CostRpcs,
  BudgetRpcs,
  GitRpcs,
  HostsRpcs,
  PluginRpcs
] as const
