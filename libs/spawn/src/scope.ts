/**
 * Which project a listing or folder command means. --project narrows by name or by a path lich
 * already holds (a project's directory, or a session's checkout) and never opens one: opening is
 * `open`'s alone. Without it: the caller's project; outside a session, the one open project when
 * there is exactly one (a script on a one-project machine should not have to spell it), else a
 * refusal listing them — guessing between projects is how a folder lands in the wrong one.
 */

import * as fs from "node:fs"
import * as nodePath from "node:path"
import { type LichError, NotFound, Refused } from "@lich/contract"
import { normalizeProjectPath, type ProjectRow, Projects } from "@lich/store"
import { Effect, Option } from "effect"
import { storeFailure } from "./failures.js"
import { expandHome, isPathLike, openProjectsLine, projectByName } from "./projects.js"
import type { Card } from "./view.js"

const realOr = (p: string): string => {
  try {
    return fs.realpathSync(p)
  } catch {
    return p
  }
}

export interface ScopeDeps {
  readonly cards: () => Effect.Effect<ReadonlyArray<Card>, LichError>
  readonly caller: (from: string) => Effect.Effect<Option.Option<Card>, LichError>
  readonly home: string
}

export const scopeProject = (deps: ScopeDeps, from: string, project: string) =>
  Effect.gen(function* () {
    const projects = yield* Projects
    const open = yield* storeFailure(projects.listOpen())
    if (project !== "" && isPathLike(project)) {
      const path = expandHome(project, deps.home)
      if (!nodePath.isAbsolute(path)) {
        return yield* new Refused({ message: `the project path "${project}" is not absolute — pass the full path` })
      }
      // Projects are stored by their real path; a symlinked spelling of the same directory still narrows.
      const want = normalizeProjectPath(realOr(path))
      const byRoot = open.find((p) => p.path === want)
      if (byRoot) return byRoot
      const card = (yield* deps.cards()).find((c) => c.dir === want)
      if (card) return card.projectRow
      return yield* new NotFound({ what: "project", name: project, message: `no open project at ${want}. ${openProjectsLine(open)}` })
    }
    if (project !== "") return (yield* projectByName(project)) as ProjectRow
    const me = yield* deps.caller(from)
    if (Option.isSome(me)) return me.value.projectRow
    if (open.length === 1) return open[0]!
    return yield* new Refused({
      message: `no project given, and this is not running in a lich session — name one with --project. ${openProjectsLine(open)}`
    })
  })
