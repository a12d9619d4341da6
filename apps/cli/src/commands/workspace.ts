/** worktrees, folders, file, rename-folder, color-folder: data from the backend, prose from render/workspace. */
import { Args, Command } from "@effect/cli"
import { ColorFolder, File, Folders, RenameFolder, Worktrees } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { renderFiled, renderFolderPainted, renderFolderRenamed, renderFolders, renderWorktrees } from "../render/workspace.js"
import { jsonFlag, printed, projectFlag, SPAWN_TIMEOUT_MS, sender, sessionAnd, sessionWordArgs } from "./shared.js"

/** The flags and the argument of a command over one folder. */
const oneFolder = { project: projectFlag, json: jsonFlag, folder: Args.text({ name: "folder" }) }

export const worktrees = Command.make("worktrees", { project: projectFlag, json: jsonFlag }, (f) =>
  printed(f.json, call("spawn", Worktrees, { from: sender(), project: f.project }, SPAWN_TIMEOUT_MS), renderWorktrees)
).pipe(Command.withDescription("List a project's git worktrees: whether each holds uncommitted work, and which sessions are open in it."))

export const folders = Command.make("folders", { project: projectFlag, json: jsonFlag }, (f) =>
  printed(f.json, call("spawn", Folders, { from: sender(), project: f.project }), renderFolders)
).pipe(Command.withDescription("List a project's sidebar folders and the sessions filed under each."))

export const file = Command.make("file", sessionWordArgs("folder"), (f) =>
  Effect.flatMap(
    sessionAnd(
      f.words,
      "with one argument, file moves the session it runs in, and this is not a lich session — name the session: lich file <session> <folder>"
    ),
    ({ target, word }) => printed(f.json, call("spawn", File, { from: sender(), target, project: f.project, folder: word }), renderFiled)
  )
).pipe(Command.withDescription("Move a session into a sidebar folder; '' takes it out of the one it is in."))

export const renameFolder = Command.make(
  "rename-folder",
  { ...oneFolder, to: Args.text({ name: "new-name" }).pipe(Args.withDescription("'' takes the folder apart")) },
  (f) =>
    printed(f.json, call("spawn", RenameFolder, { from: sender(), project: f.project, folder: f.folder, to: f.to }), renderFolderRenamed)
).pipe(Command.withDescription("Rename a folder across every session filed under it (onto a taken name merges the two)."))

export const colorFolder = Command.make(
  "color-folder",
  {
    ...oneFolder,
    color: Args.text({ name: "color" }).pipe(
      Args.withDescription("red, orange, amber, green, teal, blue, violet or pink; '' hands the cards back to the theme")
    )
  },
  (f) =>
    printed(
      f.json,
      call("spawn", ColorFolder, { from: sender(), project: f.project, folder: f.folder, color: f.color }),
      renderFolderPainted
    )
).pipe(Command.withDescription("Paint every session filed under a folder one color of the palette."))
