/**
 * `rename`: a session's label, unique within its project — two sessions under one name is what
 * `send` cannot resolve. With no target it renames the calling session. The window hears
 * `session-title`.
 */
import { type LichError, MAX_LABEL_CHARS, Refused, Renamed, type RenamePayload } from "@lich/contract"
import type { EventHub } from "@lich/events"
import type { Sessions } from "@lich/store"
import { Effect, Option } from "effect"
import { storeFailure } from "./failures.js"
import type { WorkspaceShape } from "./Workspace.js"

export interface RenameDeps {
  readonly ws: WorkspaceShape
  readonly sessions: Sessions["Type"]
  readonly hub: EventHub["Type"]
}

export const rename = (d: RenameDeps, p: RenamePayload): Effect.Effect<Renamed, LichError> =>
  Effect.gen(function* () {
    const label = p.label.trim()
    if (label === "") return yield* new Refused({ message: "a session's name cannot be empty" })
    if ([...label].length > MAX_LABEL_CHARS) {
      return yield* new Refused({ message: `a session's name is at most ${MAX_LABEL_CHARS} characters` })
    }
    const card =
      p.target === ""
        ? yield* Effect.flatMap(d.ws.caller(p.from), (c) =>
            Option.isSome(c)
              ? Effect.succeed(c.value)
              : Effect.fail(new Refused({ message: "this is not running in a lich session — name the session to rename" }))
          )
        : yield* d.ws.findCard(p.target, p.project)
    if (yield* storeFailure(d.sessions.labelTaken(card.projectRow.id, label, card.id))) {
      return yield* new Refused({
        message: `"${label}" is already the name of another session in project "${card.project}" — two sessions under one name is what send cannot resolve; pick another`
      })
    }
    yield* storeFailure(d.sessions.rename(card.id, label))
    yield* d.hub.publish({ _tag: "session-title", id: card.id, label })
    return new Renamed({ id: card.id, project: card.project, label, previous: card.label })
  })
