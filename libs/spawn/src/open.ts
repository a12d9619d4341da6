/**
 * `open`: validate everything first (nothing is written for a refused open), then the row, the card
 * event, and the PTY — in that order, so the window has the card before any byte of output. A PTY
 * that fails to start keeps its row and card: the card is the only place its error can be read.
 */
import { Opened, type OpenPayload, Refused, type LichError } from "@lich/contract"
import { EventHub } from "@lich/events"
import {
  briefingText,
  isProviderId,
  provider,
  refuseOpenOptions,
  resolveBinary,
  spawnArgs,
  unknownKindMessage,
  type ProviderId
} from "@lich/providers"
import { Projects, Sessions, Settings, WorktreePorts } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Effect, Option } from "effect"
import * as crypto from "node:crypto"
import { storeFailure } from "./failures.js"
import { reservePort } from "./ports.js"
import { isPathLike, projectByName, projectByPath } from "./projects.js"
import { ServerConfig } from "./ServerConfig.js"
import { sessionEnv } from "./sessionEnv.js"
import { cardOf, sessionOf, type Card } from "./view.js"

interface Deps {
  readonly cards: () => Effect.Effect<ReadonlyArray<Card>, LichError>
  readonly caller: (from: string) => Effect.Effect<Option.Option<Card>, LichError>
}

/** 16 random bytes hex: unguessable, and what LICH_SESSION_ID carries. */
export const newSessionId = (): string => crypto.randomBytes(16).toString("hex")

export const makeOpen = (deps: Deps) =>
  Effect.gen(function* () {
    const config = yield* ServerConfig
    const projects = yield* Projects
    const sessions = yield* Sessions
    const settings = yield* Settings
    const terminals = yield* Terminals
    const hub = yield* EventHub
    const ports = yield* WorktreePorts
    // One open at a time: counter, row and PTY of one open never interleave with another's.
    const lock = yield* Effect.makeSemaphore(1)
    const projectCtx = yield* Effect.context<Projects | EventHub>()

    const chooseKind = (kind: string, me: Option.Option<Card>) =>
      Effect.gen(function* () {
        if (kind !== "") {
          if (!isProviderId(kind)) return yield* new Refused({ message: unknownKindMessage(kind) })
          return kind
        }
        const mine = Option.map(me, (c) => c.row.kind)
        return Option.isSome(mine) && isProviderId(mine.value) ? mine.value : ("claude" as ProviderId)
      })

    const chooseProject = (project: string, me: Option.Option<Card>) =>
      Effect.gen(function* () {
        if (project !== "") {
          return yield* Effect.provide(
            isPathLike(project) ? projectByPath(project, config.home) : projectByName(project),
            projectCtx
          )
        }
        if (Option.isSome(me)) return me.value.projectRow
        const open = yield* storeFailure(projects.listOpen())
        return yield* new Refused({
          message: `no project given, and this is not running in a lich session — name one with --project (a name, or a directory's absolute path). ${open.length === 0 ? "No project is open." : `Open projects: ${open.map((p) => p.name).join(", ")}.`}`
        })
      })

    const validate = (p: OpenPayload) =>
      Effect.gen(function* () {
        if (p.base !== "" && p.worktree === "") {
          return yield* new Refused({ message: "--base says where a new --worktree branch starts; it needs --worktree" })
        }
        if (p.worktree !== "") {
          return yield* new Refused({ message: "--worktree is not available in this build yet" })
        }
      })

    const startPty = (card: Card, kind: ProviderId, p: OpenPayload) =>
      Effect.gen(function* () {
        const setting = yield* storeFailure(settings.get(`provider.${kind}.bin`, card.projectRow.id))
        const binary = resolveBinary(kind, { setting: Option.getOrUndefined(setting), env: config.env })
        const hasTools = provider(kind).hasToolsAlways
        const args = spawnArgs({
          kind,
          binary,
          rosterName: card.name,
          birth: true,
          model: p.model,
          effort: p.effort,
          ultracode: p.ultracode,
          briefing: briefingText(hasTools),
          lichBin: config.lichBin,
          mcp: true
        })
        const port = yield* reservePort(card.dir).pipe(Effect.provideService(WorktreePorts, ports), storeFailure)
        const env = sessionEnv({
          base: config.env,
          port: config.port,
          token: config.token,
          sessionId: card.id,
          lichBin: config.lichBin,
          projectDir: card.projectPath,
          worktreePort: port
        })
        return yield* terminals
          .start({ id: card.id, file: binary, args: [...args], cwd: card.dir, env })
          .pipe(
            Effect.as(""),
            Effect.catchAll((e) => Effect.succeed(String((e as { message?: unknown }).message ?? e)))
          )
      })

    return (p: OpenPayload) =>
      lock.withPermits(1)(
        Effect.gen(function* () {
          yield* validate(p)
          const me = yield* deps.caller(p.from)
          const kind = yield* chooseKind(p.kind, me)
          const refusal = refuseOpenOptions(kind, { model: p.model, effort: p.effort, ultracode: p.ultracode })
          if (refusal !== undefined) return yield* new Refused({ message: refusal })
          const project = yield* chooseProject(p.project, me)
          const seq = yield* storeFailure(projects.takeSeq(project.id))
          const row = yield* storeFailure(
            sessions.insert({
              id: newSessionId(),
              projectId: project.id,
              label: `Session ${seq}`,
              kind,
              path: "",
              folder: p.folder,
              model: p.model,
              effort: p.effort,
              ultracode: p.ultracode,
              originSessionId: Option.isSome(me) ? me.value.id : "",
              originLabel: Option.isSome(me) ? me.value.label : ""
            })
          )
          yield* storeFailure(projects.setActive(project.id, row.id))
          const card = cardOf(row, project)
          const session = sessionOf(card, seq + 1)
          yield* hub.publish({ _tag: "session-opened", session })
          const startError = yield* startPty(card, kind, p)
          return new Opened({ session, worktree: "", startError, resumed: false })
        })
      )
  })
