/**
 * What the agent-cards tests share: a session of the fake engine with LICH_BIN set, Claude Code's
 * core played beneath an Agent call (it raises agent.spawn through the module, as the real engine
 * does once the call was allowed, and runs a stand-in native agent when the spawn goes on), and
 * the one JSON line `lich open --json` prints.
 */
import { type Engine, load } from "./fakeEngine.js"

export const BIN = "/opt/lich/bin/lich"
/** A lich session that runs only agent-cards: no LICH_PORT/LICH_TOKEN, so no poll or footer read. */
export const cardsEnv: Record<string, string> = { LICH_SESSION_ID: "s-1", LICH_BIN: BIN }

export const ENGINE = { plugin: "engine", tier: "core" }
/** What the stand-in native agent answers: the mark of a call Claude Code ran itself. */
export const NATIVE = { result: { status: "completed", agentId: "a-native", content: [{ type: "text", text: "native" }] } }

type Next = ((e: Record<string, unknown>) => Promise<unknown>) & { origin?: unknown; signal?: AbortSignal }

export const nextOf = (
  fn: (e: Record<string, unknown>) => Promise<unknown>,
  extra: { origin?: unknown; signal?: AbortSignal } = {}
): Next => Object.assign(fn, extra)

export const agentInput = (over: Record<string, unknown> = {}) => ({
  tool: "Agent",
  tool_use_id: "toolu_01AbCd9z",
  description: "Fix the flaky login tests",
  prompt: "The login tests fail one run in five. Find out why and fix it.",
  subagent_type: "general-purpose",
  ...over
})

export interface Core {
  /** What each agent.spawn answered. */
  readonly spawns: Array<Record<string, unknown>>
  /** How many native agents Claude Code started. */
  nativeSpawns: number
  /** The permission check answered this instead of running the tool (a refusal), when set. */
  refusal?: unknown
  /** Aborts the spawn's dispatch, as Esc in the asking session does. */
  readonly esc: AbortController
}

/**
 * Raises an Agent tool.call as the model makes it (origin engine, main loop) with Claude Code's
 * core beneath: the permission check (`refusal`), then agent.spawn, then the native agent.
 */
export const agentCall = async (
  eng: Engine,
  over: Record<string, unknown> = {},
  opts: { origin?: unknown; spawn?: Record<string, unknown>; refusal?: unknown } = {}
) => {
  const core: Core = { spawns: [], nativeSpawns: 0, refusal: opts.refusal, esc: new AbortController() }
  const nativeSpawn = nextOf(
    async () => {
      core.nativeSpawns += 1
      return { model: "claude-sonnet", agentId: "a-native" }
    },
    { signal: core.esc.signal }
  )
  const beneath = nextOf(
    async (e) => {
      if (core.refusal !== undefined) return core.refusal
      const spawnEvent = {
        tool_use_id: e.tool_use_id,
        prompt: e.prompt,
        description: e.description,
        subagentType: e.subagent_type ?? "general-purpose",
        provider: ENGINE,
        parentModel: "claude-opus",
        background: false,
        fork: false,
        ...(typeof e.model === "string" ? { model: e.model } : {}),
        ...opts.spawn
      }
      const spawned = (await eng.dispatch("agent.spawn", spawnEvent, nativeSpawn)) as Record<string, unknown>
      core.spawns.push(spawned)
      return typeof spawned.deny === "string" ? { isError: true, result: spawned.deny, text: spawned.deny } : NATIVE
    },
    { origin: opts.origin ?? ENGINE }
  )
  const answer = eng.dispatch("tool.call", agentInput(over), beneath) as Promise<Record<string, unknown>>
  return { core, answer }
}

export const session = async (
  env: Record<string, string> = cardsEnv,
  run?: (argv: ReadonlyArray<string>) => unknown,
  interactive = true
) => {
  const eng = await load(env, run ? { run } : {})
  await eng.start(interactive)
  return eng
}

export const ran = (stdout: string, exitCode = 0, stderr = "") => ({
  exitCode,
  stdout,
  stderr,
  isStdoutTruncated: false,
  isStderrTruncated: false
})

export const opened = (delivery: Record<string, unknown> | undefined, over: Record<string, unknown> = {}) =>
  `${JSON.stringify({
    id: "9f8e",
    projectId: "p1",
    project: "lich",
    label: "Session 4",
    name: "session-4-9f8e",
    kind: "claude",
    path: "/work/lich",
    nextSeq: 5,
    originSessionId: "s-1",
    originLabel: "planner",
    confined: false,
    folder: "planner",
    ...over,
    ...(delivery === undefined ? {} : { delivery: { ticket: "a1b2c3d4", target: "Session 4", answer: "", ...delivery } })
  })}\n`

/**
 * A process.run answerer: `git` answers `branch`, `lich open` answers `open`, `sessions` answers
 * `sessions`; an answer given as a function is called at each run (a rejection made only when asked).
 */
export const world =
  (open: unknown, branch: unknown = ran("main\n"), sessions: unknown = ran("[]")) =>
  (argv: ReadonlyArray<string>) => {
    const answer =
      argv[0] === "git" ? branch : argv[1] === "open" ? open : argv[1] === "sessions" ? sessions : ran("", 1, "lich: unexpected")
    return typeof answer === "function" ? (answer as () => unknown)() : answer
  }

export const argvs = (eng: Engine) => eng.runs.seen.map((r) => r.args.argv)
