/**
 * agent-cards under a fake Claude Code engine: which Agent calls it takes (every row of the
 * contract's "A call is taken only when"), the permission check first and the card opened only at
 * agent.spawn, the `lich open` it runs, the Agent result each delivery status becomes, the native
 * fallback with its toast, and Esc while the open runs.
 */
import { describe, expect, it } from "vitest"
import { agentCall, argvs, BIN, cardsEnv, NATIVE, opened, ran, session, world } from "./cardsHarness.js"
import { deferred, lichEnv, settle } from "./fakeEngine.js"

const PROMPT = "The login tests fail one run in five. Find out why and fix it."
const pending = world(ran(opened({ status: "pending" })))
const openArgv = (...middle: Array<string>) => [BIN, "open", "--kind", "claude", "--subagent", ...middle, "--prompt", PROMPT, "--json"]

describe("which Agent calls it takes", () => {
  it("takes the model's general-purpose call on the main loop: lich open, and the spawn denied", async () => {
    const eng = await session(cardsEnv, pending)
    const { core, answer } = await agentCall(eng)
    const result = await answer
    expect(argvs(eng)).toEqual([openArgv()])
    expect(eng.runs.seen[0]!.args.init).toEqual({ timeoutMs: 120000 })
    expect(core.nativeSpawns).toBe(0)
    expect(core.spawns[0]!.deny).toEqual(expect.any(String))
    expect((result.result as Record<string, unknown>).status).toBe("async_launched")
  })

  it("takes a call that names no subagent type", async () => {
    const eng = await session(cardsEnv, pending)
    const { answer } = await agentCall(eng, { subagent_type: undefined })
    expect(((await answer).result as Record<string, unknown>).status).toBe("async_launched")
  })

  const native = async (
    eng: Awaited<ReturnType<typeof session>>,
    ...args: Parameters<typeof agentCall> extends [unknown, ...infer R] ? R : never
  ) => {
    const { core, answer } = await agentCall(eng, ...args)
    expect(await answer).toEqual(NATIVE)
    expect(core.nativeSpawns).toBe(1)
    expect(eng.runs.seen).toEqual([])
    expect(eng.toasts).toEqual([])
  }

  it("leaves a call another plugin made, and a subagent's own call, to Claude Code", async () => {
    const eng = await session(cardsEnv, pending)
    await native(eng, {}, { origin: { plugin: "other", tier: "user" } })
    await native(eng, { agentId: "a-7" })
  })

  it("leaves Explore, Plan, project and unknown agent types to Claude Code", async () => {
    const eng = await session(cardsEnv, pending)
    for (const type of ["Explore", "Plan", "code-reviewer", "no-such-agent", "fork"]) await native(eng, { subagent_type: type })
  })

  it("leaves a teammate and a remote agent to Claude Code", async () => {
    const eng = await session(cardsEnv, pending)
    await native(eng, { team_name: "crew" })
    await native(eng, { isolation: "remote" })
  })

  it("stays native in a session that is not interactive", async () => {
    await native(await session(cardsEnv, pending, false))
  })

  it("stays native outside lich: LICH_BIN or LICH_SESSION_ID missing", async () => {
    await native(await session({ LICH_SESSION_ID: "s-1" }, pending))
    await native(await session({ LICH_BIN: BIN }, pending))
    await native(await session({ ...lichEnv }, pending))
  })

  it("stays native where lich turned cards off: silently in a top-level session, with a toast in a worker", async () => {
    await native(await session({ ...cardsEnv, LICH_SUBAGENT_CARDS: "off" }, pending))
    await native(await session({ ...cardsEnv, LICH_SUBAGENT_CARDS: "off", LICH_SUBAGENT_DEPTH: "0" }, pending))
    const worker = await session({ ...cardsEnv, LICH_SUBAGENT_CARDS: "off", LICH_SUBAGENT_DEPTH: "2" }, pending)
    const { core, answer } = await agentCall(worker)
    expect(await answer).toEqual(NATIVE)
    expect(core.nativeSpawns).toBe(1)
    expect(worker.toasts).toEqual([
      { text: expect.stringContaining("keeps its subagents inside Claude Code"), options: { timeoutMs: 8000 } }
    ])
  })

  it("opens cards from a worker below lich's limit, from a subagent/ branch too", async () => {
    const eng = await session(
      { ...cardsEnv, LICH_SUBAGENT_DEPTH: "1" },
      world(ran(opened({ status: "pending" })), ran("subagent/fix-ab12\n"))
    )
    const { core, answer } = await agentCall(eng, { isolation: "worktree" })
    expect(((await answer).result as Record<string, unknown>).status).toBe("async_launched")
    expect(core.nativeSpawns).toBe(0)
  })

  it("under a lich older than LICH_SUBAGENT_DEPTH, keeps an isolated call native on a subagent/ branch", async () => {
    const eng = await session(cardsEnv, world(ran(opened({ status: "pending" })), ran("subagent/fix-ab12\n")))
    const { core, answer } = await agentCall(eng, { isolation: "worktree" })
    expect(await answer).toEqual(NATIVE)
    expect(core.nativeSpawns).toBe(1)
    expect(argvs(eng)).toEqual([["git", "branch", "--show-current"]])
    expect(eng.toasts).toEqual([])
  })

  it("opens nothing for a call the permission check refused: its refusal stands", async () => {
    const eng = await session(cardsEnv, pending)
    const refusal = { deny: "The user doesn't want to proceed with this tool use." }
    const { answer } = await agentCall(eng, {}, { refusal })
    expect(await answer).toEqual(refusal)
    expect(eng.runs.seen).toEqual([])
  })

  it("leaves a spawn no taken call raised (a plugin's $.agent.spawn) to Claude Code", async () => {
    const eng = await session(cardsEnv, pending)
    const spawned = await eng.dispatch(
      "agent.spawn",
      { tool_use_id: "", prompt: "p", description: "d", subagentType: "general-purpose", fork: false },
      async () => ({ model: "m", agentId: "a-1" })
    )
    expect(spawned).toEqual({ model: "m", agentId: "a-1" })
    expect(eng.runs.seen).toEqual([])
  })
})

describe("what the Agent call answers", () => {
  const answerFor = async (
    delivery: Record<string, unknown>,
    over: Record<string, unknown> = {},
    sessionOver: Record<string, unknown> = {}
  ) => {
    const eng = await session(cardsEnv, world(ran(opened(delivery, sessionOver))))
    return { eng, result: await (await agentCall(eng, over)).answer }
  }

  it("pending: async_launched at once, with the context line the model reads", async () => {
    const { result } = await answerFor({ status: "pending" })
    expect(result.result).toEqual({
      status: "async_launched",
      agentId: "session-4-9f8e",
      description: "Fix the flaky login tests",
      prompt: PROMPT,
      outputFile: ""
    })
    const [line] = result.context as Array<string>
    expect(result.context).toHaveLength(1)
    for (const part of [
      '"Session 4"',
      '"session-4-9f8e"',
      "same checkout (/work/lich)",
      "[lich] note",
      "send_to_session",
      '"$LICH_BIN" send session-4-9f8e',
      "SendMessage cannot reach it",
      "TaskStop"
    ])
      expect(line).toContain(part)
  })

  it("unanswered: async_launched, as for pending", async () => {
    const { result } = await answerFor({ status: "unanswered" })
    expect((result.result as Record<string, unknown>).status).toBe("async_launched")
  })

  it("answered: completed with the report, zero counts, and no worktree for a shared checkout", async () => {
    const { result } = await answerFor({ status: "answered", answer: "Fixed: the test raced the login cookie." })
    expect(result.result).toEqual({
      status: "completed",
      agentId: "session-4-9f8e",
      agentType: "general-purpose",
      content: [{ type: "text", text: "Fixed: the test raced the login cookie." }],
      totalToolUseCount: 0,
      totalDurationMs: 0,
      totalTokens: 0,
      usage: expect.objectContaining({ input_tokens: 0, output_tokens: 0 }),
      prompt: PROMPT
    })
    expect((result.context as Array<string>)[0]).toContain("same checkout")
  })

  it("answered for an isolated call: completed with the worker's worktree and branch", async () => {
    const { result } = await answerFor({ status: "answered", answer: "Done." }, { isolation: "worktree" }, { path: "/wt/1a2b/fix" })
    expect(result.result).toMatchObject({
      status: "completed",
      worktreePath: "/wt/1a2b/fix",
      worktreeBranch: "subagent/fix-the-flaky-login-tests-Cd9z"
    })
  })

  it("unread and undelivered: denied, the task never reached the card", async () => {
    for (const status of ["unread", "undelivered"]) {
      const { result } = await answerFor({ status })
      expect(result).toEqual({ deny: expect.stringContaining(`never reached it (${status})`) })
      expect(result.deny).toContain('"Session 4"')
    }
  })

  it("a status it does not know: denied, naming the card and its branch", async () => {
    const { result } = await answerFor({ status: "teleported" }, { isolation: "worktree" })
    expect(result.deny).toContain('"Session 4" on branch subagent/fix-the-flaky-login-tests-Cd9z')
    expect(result.deny).toContain('"teleported"')
  })

  it("exit 0 with nothing readable: denied, since lich may have the task", async () => {
    const eng = await session(cardsEnv, world(ran("Opened session\n")))
    const { core, answer } = await agentCall(eng)
    expect((await answer).deny).toContain("printed nothing readable")
    expect(core.nativeSpawns).toBe(0)
  })

  it("passes the call's model, and a model a hook set on the spawn wins", async () => {
    const eng = await session(cardsEnv, pending)
    await (await agentCall(eng, { model: "haiku" })).answer
    await (await agentCall(eng, { model: "haiku" }, { spawn: { model: "opus" } })).answer
    expect(argvs(eng)).toEqual([openArgv("--model", "haiku"), openArgv("--model", "opus")])
  })

  it("times a completed call on the engine's clock", async () => {
    const gate = deferred<unknown>()
    const eng = await session(cardsEnv, (argv) => (argv[1] === "open" ? gate.promise : ran("")))
    eng.setNow(1000)
    const { answer } = await agentCall(eng)
    await settle()
    eng.setNow(4500)
    gate.resolve(ran(opened({ status: "answered", answer: "ok" })))
    expect(((await answer).result as Record<string, unknown>).totalDurationMs).toBe(3500)
  })
})
