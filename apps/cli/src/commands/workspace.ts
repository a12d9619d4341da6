/** worktrees, folders, file, rename-folder, color-folder: data from the backend, prose from render/workspace. */
import { Args, Command } from "@effect/cli"
import { ColorFolder, File, Folders, RenameFolder, Worktrees } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import {
  renderFiled,
  renderFolderPainted,
  renderFolderRenamed,
  renderFolders,
  renderWorktrees
} from "../render/workspace.js"
import { Usage } from "../usage.js"
import { jsonFlag, print, projectFlag, sender, SPAWN_TIMEOUT_MS } from "./shared.js"

export const worktrees = Command.make("worktrees", { project: projectFlag, json: jsonFlag }, (f) =>
  Effect.flatMap(call("spawn", Worktrees, { from: sender(), project: f.project }, SPAWN_TIMEOUT_MS), (cs) =>
    print(f.json, cs, renderWorktrees)
  )
).pipe(Command.withDescription("List a project's git worktrees: whether each holds uncommitted work, and which sessions are open in it."))

export const folders = Command.make("folders", { project: projectFlag, json: jsonFlag }, (f) =>
  Effect.flatMap(call("spawn", Folders, { from: sender(), project: f.project }), (fs) => print(f.json, fs, renderFolders))
).pipe(Command.withDescription("List a project's sidebar folders and the sessions filed under each."))

export const file = Command.make(
  "file",
  { project: projectFlag, json: jsonFlag, words: Args.text({ name: "[session] folder" }).pipe(Args.between(1, 2)) },
  (f) =>
    Effect.gen(function* () {
      const [a, b] = f.words
      const target = b === undefined ? "" : a!
      const folder = b === undefined ? a! : b
      if (target === "" && sender() === "") {
        return yield* new Usage({
          message: "with one argument, file moves the session it runs in, and this is not a lich session — name the session: lich file <session> <folder>"
        })
      }
      const filed = yield* call("spawn", File, { from: sender(), target, project: f.project, folder })
      yield* print(f.json, filed, renderFiled)
    })
).pipe(Command.withDescription("Move a session into a sidebar folder; '' takes it out of the one it is in."))

export const renameFolder = Command.make(
  "rename-folder",
  {
    project: projectFlag,
    json: jsonFlag,
    folder: Args.text({ name: "folder" }),
    to: Args.text({ name: "new-name" }).pipe(Args.withDescription("'' takes the folder apart"))
  },
  (f) =>
    Effect.flatMap(call("spawn", RenameFolder, { from: sender(), project: f.project, folder: f.folder, to: f.to }), (r) =>
      print(f.json, r, renderFolderRenamed)
    )
).pipe(Command.withDescription("Rename a folder across every session filed under it (onto a taken name merges the two)."))

export const colorFolder = Command.make(
  "color-folder",
  {
    project: projectFlag,
    json: jsonFlag,
    folder: Args.text({ name: "folder" }),
    color: Args.text({ name: "color" }).pipe(
      Args.withDescription("red, orange, amber, green, teal, blue, violet or pink; '' hands the cards back to the theme")
    )
  },
  (f) =>
    Effect.flatMap(call("spawn", ColorFolder, { from: sender(), project: f.project, folder: f.folder, color: f.color }), (p) =>
      print(f.json, p, renderFolderPainted)
    )
).pipe(Command.withDescription("Paint every session filed under a folder one color of the palette."))
