/**
 * The RPC groups the server serves. Kept apart from rpc.ts so a client that only calls procedures
 * (the CLI) never evaluates RpcGroup.
 */
import * as RpcGroup from "@effect/rpc/RpcGroup"
import { ColorFolder, Close, File, Folders, Info, Open, Peers, Quit, Rename, RenameFolder, Whoami, Worktrees } from "./rpc.js"

export const RelayRpcs = RpcGroup.make(Peers, Whoami).prefix("relay.")
export const SpawnRpcs = RpcGroup.make(
  Open,
  Close,
  Rename,
  Worktrees,
  Folders,
  File,
  RenameFolder,
  ColorFolder
).prefix("spawn.")
export const SystemRpcs = RpcGroup.make(Info, Quit).prefix("system.")

