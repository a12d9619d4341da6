/**
 * Which project a command means. Only `open` may open a directory as a project; every other
 * --project narrows with a name or a path it already knows. A bare word is always a name; a path
 * must be absolute (lich has no shell at its end, so a relative one would resolve against the
 * directory lich was started from), with a leading ~ expanded because MCP calls reach us shell-less.
 */

import * as fs from "node:fs"
import * as nodePath from "node:path"
import { Failed, NotFound, Refused } from "@lich/contract"
import { EventHub } from "@lich/events"
import { type ProjectRow, Projects } from "@lich/store"
import { Effect } from "effect"
import { storeFailure } from "./failures.js"

export const isPathLike = (s: string): boolean => s.includes("/") || s.startsWith("~")

export const expandHome = (p: string, home: string): string => (p === "~" ? home : p.startsWith("~/") ? nodePath.join(home, p.slice(2)) : p)

export const openProjectsLine = (ps: ReadonlyArray<ProjectRow>): string =>
  ps.length === 0 ? "No project is open." : `Open projects: ${ps.map((p) => p.name).join(", ")}.`

/** A project by name among the open ones: exactly one, or a refusal that lists them. */
export const projectByName = Effect.fn("Spawn.projectByName")(function* (name: string) {
  const projects = yield* Projects
  const hits = yield* storeFailure(projects.findByName(name))
  if (hits.length === 1) return hits[0]!
  const open = yield* storeFailure(projects.listOpen())
  if (hits.length === 0) {
    return yield* new NotFound({ what: "project", name, message: `no open project named "${name}". ${openProjectsLine(open)}` })
  }
  return yield* new Refused({
    message: `"${name}" names ${hits.length} open projects (${hits.map((p) => p.path).join(", ")}) — name it by its path`
  })
})

/** Opens (or reopens, by path) the directory as a project; a tab that appears is announced. */
export const projectByPath = Effect.fn("Spawn.projectByPath")(function* (raw: string, home: string) {
  const path = expandHome(raw, home)
  if (!nodePath.isAbsolute(path)) {
    return yield* new Refused({
      message: `the project path "${raw}" is not absolute — lich would resolve it against its own directory, not yours; pass the full path`
    })
  }
  // Nothing at the path (or a file where a directory of it should be) is the "no directory" answer;
  // a path lich may not look at (EACCES, ELOOP, EIO) is a different failure, said as it is.
  const stat = yield* Effect.try({
    try: () => fs.statSync(path, { throwIfNoEntry: false }),
    catch: (e) => e as NodeJS.ErrnoException
  }).pipe(
    Effect.catchIf(
      (e) => e.code === "ENOTDIR",
      () => Effect.succeed(undefined)
    ),
    Effect.mapError((e) => new Failed({ message: `cannot look at ${path}: ${e.message}` }))
  )
  if (!stat) return yield* new NotFound({ what: "project", name: raw, message: `no directory at ${path}` })
  if (!stat.isDirectory()) return yield* new Refused({ message: `${path} is not a directory` })
  const real = yield* Effect.try({ try: () => fs.realpathSync(path), catch: (e) => new Failed({ message: String(e) }) })
  const opened = yield* storeFailure((yield* Projects).openByPath(real))
  if (opened.change !== "unchanged") {
    const p = opened.project
    yield* (yield* EventHub).publish({ _tag: "project-opened", project: { id: p.id, name: p.name, path: p.path } })
  }
  return opened.project
})
