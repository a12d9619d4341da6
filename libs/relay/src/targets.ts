/**
 * Who a relay command means. Only live sessions are addressable — a card with no process has
 * nothing to type at — and the caller never finds itself among them.
 */
import { NotFound, Refused } from "@lich/contract"
import { type Card, resolveTarget, type Workspace } from "@lich/spawn"
import type { Terminals } from "@lich/terminal"
import { Effect, Option } from "effect"

export const liveCards = (ws: Workspace["Type"], terminals: Terminals["Type"]) =>
  Effect.gen(function* () {
    const all = yield* ws.cards()
    const live = new Set(yield* terminals.liveIds())
    return all.filter((c) => live.has(c.id))
  })

export const findLive = (cards: ReadonlyArray<Card>, name: string, project: string) =>
  Effect.suspend(() => {
    const r = resolveTarget(cards, name, project, "live session")
    if (r._tag === "found") return Effect.succeed(r.candidate)
    return Effect.fail(
      r._tag === "none" ? new NotFound({ what: "session", name, message: r.message }) : new Refused({ message: r.message })
    )
  })

/** insert's rule: by --session like send; else the one live session under --project, the one in that very directory winning. */
export const insertTarget = (cards: ReadonlyArray<Card>, session: string, project: string, caller: Option.Option<Card>) =>
  Effect.gen(function* () {
    if (session !== "") return yield* findLive(cards, session, project)
    const where = project !== "" ? project : Option.isSome(caller) ? caller.value.projectPath : ""
    if (where === "") {
      return yield* new Refused({
        message: "name the session to insert into with --session, or the project (a name or a directory) with --project"
      })
    }
    const inProject = cards.filter((c) =>
      where.startsWith("/")
        ? c.projectPath === where || c.dir === where || where.startsWith(`${c.dir}/`)
        : c.project.toLowerCase() === where.toLowerCase()
    )
    const exact = inProject.filter((c) => c.dir === where)
    const pool = exact.length > 0 ? exact : inProject
    if (pool.length === 1) return pool[0]!
    if (pool.length === 0) return yield* new NotFound({ what: "session", name: where, message: `no live session is running in ${where}` })
    return yield* new Refused({
      message: `${pool.length} live sessions run in ${where} (${pool.map((c) => `"${c.label}"`).join(", ")}) — pick one with --session (lich sessions --json shows each one's path)`
    })
  })
