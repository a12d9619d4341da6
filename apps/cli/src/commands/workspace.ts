/**
 * worktrees, folders, file, rename-folder, color-folder: data from the backend, prose from
 * render/workspace. Plain commands (spec.ts).
 */
import { renderFiled, renderFolderPainted, renderFolderRenamed, renderFolders, renderWorktrees } from "../render/workspace.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"
import { SPAWN_TIMEOUT_MS } from "./budgets.js"
import { ended } from "./ending.js"
import { isEnding, sender, sessionAnd } from "./sender.js"

export const worktrees = async (f: Values): Promise<Ending> =>
  ended(
    await callPlain("spawn.Worktrees", { from: sender(), project: f.text("project") }, SPAWN_TIMEOUT_MS),
    f.flag("json"),
    renderWorktrees
  )

export const folders = async (f: Values): Promise<Ending> =>
  ended(await callPlain("spawn.Folders", { from: sender(), project: f.text("project") }), f.flag("json"), renderFolders)

const fileAlone =
  "with one argument, file moves the session it runs in, and this is not a lich session — name the session: lich file <session> <folder>"

export const file = async (f: Values): Promise<Ending> => {
  const w = sessionAnd(f.args("words"), fileAlone)
  if (isEnding(w)) return w
  const payload = { from: sender(), target: w.target, project: f.text("project"), folder: w.word }
  return ended(await callPlain("spawn.File", payload), f.flag("json"), renderFiled)
}

export const renameFolder = async (f: Values): Promise<Ending> => {
  const payload = { from: sender(), project: f.text("project"), folder: f.arg("folder"), to: f.arg("to") }
  return ended(await callPlain("spawn.RenameFolder", payload), f.flag("json"), renderFolderRenamed)
}

export const colorFolder = async (f: Values): Promise<Ending> => {
  const payload = { from: sender(), project: f.text("project"), folder: f.arg("folder"), color: f.arg("color") }
  return ended(await callPlain("spawn.ColorFolder", payload), f.flag("json"), renderFolderPainted)
}
