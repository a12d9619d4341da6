/**
 * Folders and their colours: a folder is a name written on each session filed under it, so one with
 * no session does not exist, and a colour is written on every card in the folder (a card filed there
 * later keeps its own), exactly as the window does. Names are matched exactly, case and spaces
 * included. Every change is announced per affected open card (`session-folder`) so a window regroups.
 */
import {
  type ColorFolderPayload,
  Filed,
  type FilePayload,
  Folder,
  FolderPainted,
  FolderRenamed,
  isColor,
  type LichError,
  MAX_LABEL_CHARS,
  NotFound,
  palette,
  Refused,
  type RenameFolderPayload
} from "@lich/contract"
import { EventHub } from "@lich/events"
import { type ProjectRow, Sessions } from "@lich/store"
import { Effect, Option } from "effect"
import { storeFailure } from "./failures.js"
import type { Card } from "./view.js"

interface Deps {
  readonly caller: (from: string) => Effect.Effect<Option.Option<Card>, LichError>
  readonly findCard: (target: string, project: string) => Effect.Effect<Card, LichError>
  readonly scope: (from: string, project: string) => Effect.Effect<ProjectRow, LichError>
}

const quoted = (names: ReadonlyArray<string>) => names.map((n) => `"${n}"`).join(", ")

/** A folder name is drawn in a sidebar row and printed in a tab-separated column. */
const checkName = (name: string, what: string) =>
  [...name].length > MAX_LABEL_CHARS
    ? Effect.fail(new Refused({ message: `a ${what} is at most ${MAX_LABEL_CHARS} characters` }))
    : /[\u0000-\u001f\u007f]/.test(name)
      ? Effect.fail(new Refused({ message: `a ${what} cannot hold tabs, newlines or other control characters` }))
      : Effect.void

const services = Effect.all({ sessions: Sessions, hub: EventHub })

type FolderDeps = Deps & Effect.Effect.Success<typeof services>

const announce = (d: FolderDeps, projectId: string, ids?: ReadonlySet<string>) =>
  Effect.gen(function* () {
    const rows = yield* storeFailure(d.sessions.listByProject(projectId))
    for (const r of rows) {
      if (ids === undefined || ids.has(r.id)) yield* d.hub.publish({ _tag: "session-folder", id: r.id, folder: r.folder, color: r.color })
    }
  })

/** The open sessions filed under `folder` now, and a refusal naming the folders when there are none. */
const carriers = (d: FolderDeps, project: ProjectRow, folder: string) =>
  Effect.gen(function* () {
    const rows = yield* storeFailure(d.sessions.listByProject(project.id, { includeParked: true }))
    if (folder !== "" && rows.some((r) => r.folder === folder)) {
      return new Set(rows.filter((r) => r.isOpen && r.folder === folder).map((r) => r.id))
    }
    const names = [...new Set(rows.filter((r) => r.folder !== "").map((r) => r.folder))]
    return yield* new NotFound({
      what: "folder",
      name: folder,
      message: `no folder named "${folder}" in project "${project.name}". ${names.length === 0 ? "It has no folders." : `Its folders: ${quoted(names)}.`}`
    })
  })

const folders = (d: FolderDeps, from: string, project: string) =>
  Effect.gen(function* () {
    const p = yield* d.scope(from, project)
    const entries = yield* storeFailure(d.sessions.folders(p.id))
    return entries.map((e) => new Folder({ name: e.name, sessions: [...e.sessions] }))
  })

const file = (d: FolderDeps, p: FilePayload) =>
  Effect.gen(function* () {
    yield* checkName(p.folder, "folder name")
    const card =
      p.target === ""
        ? yield* Effect.flatMap(d.caller(p.from), (c) =>
            Option.isSome(c)
              ? Effect.succeed(c.value)
              : Effect.fail(
                  new Refused({ message: "this is not running in a lich session — name the session to file: lich file <session> <folder>" })
                )
          )
        : yield* d.findCard(p.target, p.project)
    const previous = yield* storeFailure(d.sessions.setFolder(card.id, p.folder))
    yield* announce(d, card.projectRow.id, new Set([card.id]))
    return new Filed({
      id: card.id,
      project: card.project,
      label: card.label,
      folder: p.folder,
      previous: Option.getOrElse(previous, () => "")
    })
  })

const renameFolder = (d: FolderDeps, p: RenameFolderPayload) =>
  Effect.gen(function* () {
    yield* checkName(p.to, "folder name")
    const project = yield* d.scope(p.from, p.project)
    const moved = yield* carriers(d, project, p.folder)
    const labels = yield* storeFailure(d.sessions.renameFolder(project.id, p.folder, p.to))
    yield* announce(d, project.id, moved)
    return new FolderRenamed({ project: project.name, folder: p.folder, to: p.to, sessions: [...labels] })
  })

const colorFolder = (d: FolderDeps, p: ColorFolderPayload) =>
  Effect.gen(function* () {
    if (p.color !== "" && !isColor(p.color)) {
      return yield* new Refused({
        message: `"${p.color}" is not a folder color — pick one of ${palette.join(", ")}, or '' to hand the cards back to the theme`
      })
    }
    const project = yield* d.scope(p.from, p.project)
    const painted = yield* carriers(d, project, p.folder)
    const labels = yield* storeFailure(d.sessions.setColorForFolder(project.id, p.folder, p.color))
    yield* announce(d, project.id, painted)
    return new FolderPainted({ project: project.name, folder: p.folder, color: p.color, sessions: [...labels] })
  })

export const makeFolders = (deps: Deps) =>
  Effect.gen(function* () {
    const d: FolderDeps = { ...deps, ...(yield* services) }
    return {
      folders: (from: string, project: string) => folders(d, from, project),
      file: (p: FilePayload) => file(d, p),
      renameFolder: (p: RenameFolderPayload) => renameFolder(d, p),
      colorFolder: (p: ColorFolderPayload) => colorFolder(d, p)
    }
  })
