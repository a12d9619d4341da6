/**
 * The window's own procedures over the workspace (the `desk.` RPC group): projects opened from a
 * path field and closed as tabs, settings read and written, parked sessions listed and resumed.
 * Opening, closing and starting sessions go through Workspace, the same paths the CLI takes, so the
 * events every window sees are the same whoever asked.
 */

import * as fs from "node:fs"
import * as nodePath from "node:path"
import {
  DeskRpcs,
  Failed,
  NotFound,
  Parked,
  ProjectClosed,
  RecentProject,
  Refused,
  Resumed,
  type SetProjectFilePayload,
  type SetSettingPayload,
  SettingsView
} from "@lich/contract"
import { EventHub } from "@lich/events"
import { History, type ProjectRow, Projects, Sessions, Settings } from "@lich/store"
import { Effect, Option } from "effect"
import { branchesOf, complete, dirtyFiles, providersFound } from "./browse.js"
import { rungFor } from "./confine.js"
import { storeFailure } from "./failures.js"
import { projectByPath } from "./projects.js"
import { ServerConfig } from "./ServerConfig.js"
import { binKey, knownKeys, refuseSetting } from "./settingKeys.js"
import { sessionOf } from "./view.js"
import { Workspace } from "./Workspace.js"

const exists = (p: string) => fs.existsSync(p)

/** The project files the window edits, relative to the project's directory. */
export const PROJECT_FILES = { setup: nodePath.join(".lich", "setup-worktree.sh"), include: ".worktreeinclude" } as const

const readText = (p: string) => {
  try {
    return fs.readFileSync(p, "utf8")
  } catch {
    return ""
  }
}

const services = Effect.all({
  config: ServerConfig,
  projects: Projects,
  sessions: Sessions,
  settings: Settings,
  history: History,
  hub: EventHub,
  ws: Workspace,
  ctx: Effect.context<Projects | EventHub>()
})

type DeskDeps = Effect.Effect.Success<typeof services>

const projectById = (d: DeskDeps, id: string) =>
  Effect.flatMap(storeFailure(d.projects.get(id)), (p) =>
    Option.isSome(p)
      ? Effect.succeed(p.value)
      : Effect.fail(new NotFound({ what: "project", name: id, message: `no project with id ${id}` }))
  )

const recentOf = (p: ProjectRow | { id: string; name: string; path: string; isOpen: boolean }, usedAt: number) =>
  new RecentProject({ id: p.id, name: p.name, path: p.path, open: p.isOpen, usedAt, exists: exists(p.path) })

const openProject = (d: DeskDeps, path: string) =>
  Effect.gen(function* () {
    if (path.trim() === "") return yield* new Refused({ message: "type the directory to open as a project" })
    const p = yield* Effect.provide(projectByPath(path.trim(), d.config.home), d.ctx)
    return recentOf(p, p.createdAt)
  })

/** Every card of the tab is parked first (a worktree's last one kept), so the tab reopens as it was. */
const closeProject = (d: DeskDeps, id: string) =>
  Effect.gen(function* () {
    yield* projectById(d, id)
    const mine = (yield* d.ws.cards()).filter((c) => c.projectRow.id === id)
    const remaining = new Set(mine.map((c) => c.id))
    for (const c of mine) {
      remaining.delete(c.id)
      const inWorktree = c.row.path !== "" && c.row.path !== c.projectPath
      const last = inWorktree && !mine.some((o) => remaining.has(o.id) && o.dir === c.dir)
      yield* d.ws.close({ from: "", target: c.id, project: "", worktree: last ? "keep" : "", force: false })
    }
    yield* storeFailure(d.projects.close(id))
    yield* d.hub.publish({ _tag: "project-closed", id })
    return new ProjectClosed({ id, parked: mine.length })
  })

const providers = (d: DeskDeps) =>
  Effect.gen(function* () {
    const bins = new Map<string, string>()
    const rungs = new Map<string, string>()
    for (const k of ["claude", "codex", "antigravity", "opencode", "omp", "crush", "cursor", "kiro"]) {
      const v = yield* storeFailure(d.settings.get(binKey(k)))
      if (Option.isSome(v) && v.value.trim() !== "") bins.set(k, v.value)
      rungs.set(k, yield* Effect.provideService(rungFor(d.config, k, ""), Settings, d.settings))
    }
    return providersFound(bins, d.config.env, rungs)
  })

/** Only the keys lich reads: a stray row from an older build is not shown as if it did something. */
const scopeValues = (d: DeskDeps, projectId: string) =>
  Effect.map(d.history.settingsIn(projectId), (m) => Object.fromEntries(knownKeys().flatMap((k) => (m.has(k) ? [[k, m.get(k)!]] : []))))

const settingsOf = (d: DeskDeps, project: string) =>
  Effect.gen(function* () {
    const global = yield* storeFailure(scopeValues(d, ""))
    if (project === "") return new SettingsView({ global, project: {}, setupScript: "", worktreeInclude: "" })
    const p = yield* projectById(d, project)
    const own = yield* storeFailure(scopeValues(d, p.id))
    return new SettingsView({
      global,
      project: own,
      setupScript: readText(nodePath.join(p.path, PROJECT_FILES.setup)),
      worktreeInclude: readText(nodePath.join(p.path, PROJECT_FILES.include))
    })
  })

const setSetting = (d: DeskDeps, s: SetSettingPayload) =>
  Effect.gen(function* () {
    const value = s.value.trim()
    const refusal = refuseSetting(s.key, value)
    if (refusal !== undefined) return yield* new Refused({ message: refusal })
    const projectId = s.project === "" ? undefined : (yield* projectById(d, s.project)).id
    if (value === "") yield* storeFailure(d.settings.remove(s.key, projectId))
    else yield* storeFailure(d.settings.set(s.key, value, projectId))
    return {}
  })

const setProjectFile = (d: DeskDeps, f: SetProjectFilePayload) =>
  Effect.gen(function* () {
    const p = yield* projectById(d, f.project)
    const file = nodePath.join(p.path, PROJECT_FILES[f.file])
    yield* Effect.try({
      try: () => {
        if (f.text.trim() === "") return fs.rmSync(file, { force: true })
        fs.mkdirSync(nodePath.dirname(file), { recursive: true })
        fs.writeFileSync(file, f.text.endsWith("\n") ? f.text : `${f.text}\n`, { mode: f.file === "setup" ? 0o755 : 0o644 })
      },
      catch: (e) => new Failed({ message: `could not write ${file}: ${(e as Error).message}` })
    })
    return {}
  })

const historyOf = (d: DeskDeps, project: string) =>
  Effect.gen(function* () {
    const rows = yield* storeFailure(d.history.parked(project))
    const names = new Map((yield* storeFailure(d.history.projects())).map((p) => [p.id, p.name]))
    return rows.map(
      (r) =>
        new Parked({
          id: r.id,
          projectId: r.projectId,
          project: names.get(r.projectId) ?? "",
          label: r.label,
          kind: r.kind,
          path: r.path,
          branch: r.branch,
          parkedAt: r.parkedAt,
          resumable: r.providerSessionId !== ""
        })
    )
  })

/** Unparks the row under its own id and label (its project reopened if closed), then starts it, resuming its conversation. */
const resume = (d: DeskDeps, id: string) =>
  Effect.gen(function* () {
    const row = yield* Effect.flatMap(storeFailure(d.sessions.get(id)), (r) =>
      Option.isSome(r)
        ? Effect.succeed(r.value)
        : Effect.fail(new NotFound({ what: "session", name: id, message: `no session with id ${id}` }))
    )
    if (row.isOpen) return yield* new Refused({ message: `"${row.label}" is open already` })
    if (row.path !== "" && !exists(row.path)) return yield* new Refused({ message: `the checkout ${row.path} of "${row.label}" is gone` })
    const project = yield* projectById(d, row.projectId)
    if (!project.isOpen) yield* Effect.provide(projectByPath(project.path, d.config.home), d.ctx)
    yield* storeFailure(d.sessions.unpark(id))
    yield* storeFailure(d.projects.setActive(project.id, id))
    const card = (yield* d.ws.cards()).find((c) => c.id === id)
    if (!card) return yield* new Failed({ message: `"${row.label}" was unparked but is not among the open cards` })
    // Told once its PTY runs, as an open is (open.ts) — and told all the same when the start fails: the card is open.
    const started = yield* d.ws
      .start({ from: "", target: id })
      .pipe(Effect.ensuring(d.hub.publish({ _tag: "session-opened", session: sessionOf(card, card.projectRow.nextSeq) })))
    return new Resumed({ id, startError: started.startError })
  })

const dirty = (d: DeskDeps, target: string) =>
  Effect.gen(function* () {
    const card = (yield* d.ws.cards()).find((c) => c.id === target)
    if (!card) return yield* new NotFound({ what: "session", name: target, message: `no open session with id ${target}` })
    return yield* dirtyFiles(card.dir)
  })

const handlers = Effect.map(services, (d) =>
  DeskRpcs.of({
    "desk.Complete": ({ path }) => Effect.sync(() => complete(path, d.config.home)),
    "desk.Recent": () => Effect.map(storeFailure(d.history.projects()), (rows) => rows.map((r) => recentOf(r, r.usedAt))),
    "desk.OpenProject": ({ path }) => openProject(d, path),
    "desk.CloseProject": ({ id }) => closeProject(d, id),
    "desk.Providers": () => providers(d),
    "desk.Branches": ({ project }) => Effect.flatMap(projectById(d, project), (p) => branchesOf(p.path)),
    "desk.GetSettings": ({ project }) => settingsOf(d, project),
    "desk.SetSetting": (s) => setSetting(d, s),
    "desk.SetProjectFile": (f) => setProjectFile(d, f),
    "desk.History": ({ project }) => historyOf(d, project),
    "desk.Resume": ({ id }) => resume(d, id),
    "desk.Dirty": ({ target }) => dirty(d, target)
  })
)

/** Needs the Workspace: opening, closing and starting go the CLI's way. */
export const DeskLayer = DeskRpcs.toLayer(handlers)
