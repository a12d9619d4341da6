/** worktrees, folders, file, rename-folder, color-folder: data from the backend, prose from render/workspace. */
import { ColorFolder, File, Folders, RenameFolder, Worktrees } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { renderFiled, renderFolderPainted, renderFolderRenamed, renderFolders, renderWorktrees } from "../render/workspace.js"
import type { Values } from "../spec.js"
import { printed, SPAWN_TIMEOUT_MS, sender, sessionAnd } from "./shared.js"

export const worktrees = (f: Values) =>
  printed(f.flag("json"), call("spawn", Worktrees, { from: sender(), project: f.text("project") }, SPAWN_TIMEOUT_MS), renderWorktrees)

export const folders = (f: Values) =>
  printed(f.flag("json"), call("spawn", Folders, { from: sender(), project: f.text("project") }), renderFolders)

export const file = (f: Values) =>
  Effect.flatMap(
    sessionAnd(
      f.args("words"),
      "with one argument, file moves the session it runs in, and this is not a lich session — name the session: lich file <session> <folder>"
    ),
    ({ target, word }) =>
      printed(f.flag("json"), call("spawn", File, { from: sender(), target, project: f.text("project"), folder: word }), renderFiled)
  )

export const renameFolder = (f: Values) =>
  printed(
    f.flag("json"),
    call("spawn", RenameFolder, { from: sender(), project: f.text("project"), folder: f.arg("folder"), to: f.arg("to") }),
    renderFolderRenamed
  )

export const colorFolder = (f: Values) =>
  printed(
    f.flag("json"),
    call("spawn", ColorFolder, { from: sender(), project: f.text("project"), folder: f.arg("folder"), color: f.arg("color") }),
    renderFolderPainted
  )
