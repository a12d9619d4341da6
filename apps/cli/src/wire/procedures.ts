/**
 * Every procedure the CLI's plain commands call, by the name in its URL, beside the contract's Rpc
 * that defines it. Read only where shapes are derived (derive.ts: by the build, and by the tests):
 * the bundles take the shapes as JSON, never this module. A command that calls a procedure not
 * listed here does not compile (call.ts takes only these names).
 */
import {
  Admit,
  Ask,
  Close,
  Collect,
  ColorFolder,
  Control,
  Cost,
  Errands,
  File,
  Focus,
  Folders,
  HostAdd,
  HostConnect,
  HostList,
  HostOpen,
  HostPeers,
  HostRemove,
  HostSend,
  HostWait,
  Info,
  Insert,
  Open,
  Peers,
  type ProcedureName,
  Quit,
  Rename,
  RenameFolder,
  Reply,
  Send,
  Subagent,
  SwitchTheme,
  Themes,
  Wait,
  Whoami,
  Worktrees
} from "@lich/contract"
import type * as AST from "effect/SchemaAST"

/** What derive.ts reads of an Rpc. */
export interface AnyRpc {
  readonly payloadSchema: { readonly ast: AST.AST }
  readonly successSchema: { readonly ast: AST.AST }
  readonly errorSchema: { readonly ast: AST.AST }
}

export const procedures = {
  "relay.Peers": Peers,
  "relay.Whoami": Whoami,
  "relay.Send": Send,
  "relay.Wait": Wait,
  "relay.Collect": Collect,
  "relay.Reply": Reply,
  "relay.Insert": Insert,
  "relay.Focus": Focus,
  "relay.Control": Control,
  "relay.Ask": Ask,
  "relay.Errands": Errands,
  "relay.Subagent": Subagent,
  "spawn.Open": Open,
  "spawn.Close": Close,
  "spawn.Rename": Rename,
  "spawn.Worktrees": Worktrees,
  "spawn.Folders": Folders,
  "spawn.File": File,
  "spawn.RenameFolder": RenameFolder,
  "spawn.ColorFolder": ColorFolder,
  "system.Info": Info,
  "system.Quit": Quit,
  "system.Themes": Themes,
  "system.SwitchTheme": SwitchTheme,
  "system.Cost": Cost,
  "system.Admit": Admit,
  "hosts.List": HostList,
  "hosts.Add": HostAdd,
  "hosts.Remove": HostRemove,
  "hosts.Connect": HostConnect,
  "hosts.Peers": HostPeers,
  "hosts.Send": HostSend,
  "hosts.Wait": HostWait,
  "hosts.Open": HostOpen
} satisfies Partial<Record<ProcedureName, AnyRpc>>

/** A procedure the plain commands may call. */
export type PlainProcedure = keyof typeof procedures
