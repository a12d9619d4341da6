/**
 * The workers agent-cards opened, under a fake Claude Code engine: the footer's `lich: N workers`
 * read from `lich sessions --json` every 5 s while any runs (and left out while the errands line
 * shows), TaskStop of a worker (close in this checkout, control … abort for an isolated one, in
 * TaskStop's own result shape), and mod-answer gated on LICH_SUBAGENT_DEPTH.
 */
import { describe, expect, it } from "vitest"
import { agentCall, argvs, BIN, cardsEnv, opened, ran, session } from "./cardsHarness.js"
import { type Engine, lichEnv, settle } from "./fakeEngine.js"

const render = async (eng: Engine) =>
  (
    (await eng.dispatch("ui.render", { component: "SessionMode", surface: "terminal", requestId: "r", props: { modes: ["focus"] } })) as {
      props: { modes: Array<string> }
    }
  ).props.modes

const row = (name: string, state: string) => ({
  label: name,
  name,
  project: "lich",
  kind: "claude",
  state,
  id: name,
  path: "/p",
  projectPath: "/p"
})

/** A lich whose `open` hands out the next worker each time and whose roster the test sets. */
const lich = () => {
  const state = { opened: 0, rows: [] as Array<unknown> | string, stop: ran(""), stops: [] as Array<ReadonlyArray<string>> }
  const run = (argv: ReadonlyArray<string>) => {
    if (argv[0] === "git") return ran("main\n")
    if (argv[1] === "open") {
      state.opened += 1
      return ran(
        opened({ status: "pending" }, { name: `w-${state.opened}`, label: `Worker ${state.opened}`, path: `/wt/w-${state.opened}` })
      )
    }
    if (argv[1] === "sessions")
      return typeof state.rows === "string" ? ran(state.rows, 1, "lich: no lich is running") : ran(JSON.stringify(state.rows))
    state.stops.push(argv)
    return state.stop
  }
  return { state, run }
}

/** Fires the next timer, which must be the workers' 5 s read, and lets its read land. */
const nextRead = async (eng: Engine) => {
  const timer = await eng.timers.next()
  expect(timer.ms).toBe(5000)
  timer.fire()
  await settle()
}

const taskStop = (eng: Engine, input: Record<string, unknown>, beneath: () => Promise<unknown> = async () => ({ deny: "No task found" })) =>
  eng.dispatch("tool.call", { tool: "TaskStop", tool_use_id: "toolu_stop", ...input }, beneath) as Promise<Record<string, unknown>>

describe("the footer's worker count", () => {
  it("counts a worker from its launch, reads the roster every 5 s, and clears once lich no longer lists it", async () => {
    const { state, run } = lich()
    const eng = await session(cardsEnv, run)
    expect(await render(eng)).toEqual(["focus"])
    await (await agentCall(eng)).answer
    expect(await render(eng)).toEqual(["focus", "lich: 1 worker"])
    await (await agentCall(eng, { tool_use_id: "toolu_02" })).answer
    expect(await render(eng)).toEqual(["focus", "lich: 2 workers"])
    // One read loop for both workers.
    expect(eng.timers.pending).toHaveLength(1)

    state.rows = [row("w-1", "done"), row("w-2", "busy")]
    await nextRead(eng)
    // A worker in this checkout whose turn left work in the background is done, not finished.
    expect(await render(eng)).toEqual(["focus", "lich: 2 workers"])
    expect(argvs(eng).filter((a) => a[1] === "sessions")).toEqual([[BIN, "sessions", "--json"]])

    state.rows = [row("w-2", "busy")]
    const before = eng.invalidations()
    await nextRead(eng)
    expect(await render(eng)).toEqual(["focus", "lich: 1 worker"])
    expect(eng.invalidations()).toBe(before + 1)

    state.rows = []
    await nextRead(eng)
    expect(await render(eng)).toEqual(["focus"])
    // None runs: no more reads.
    expect(eng.timers.pending).toHaveLength(0)
  })

  it("ends an isolated worker, which keeps its card, once its turn is listed done", async () => {
    const { state, run } = lich()
    const eng = await session(cardsEnv, run)
    await (await agentCall(eng, { isolation: "worktree" })).answer
    state.rows = [row("w-1", "busy")]
    await nextRead(eng)
    expect(await render(eng)).toEqual(["focus", "lich: 1 worker"])
    state.rows = [row("w-1", "done")]
    await nextRead(eng)
    expect(await render(eng)).toEqual(["focus"])
  })

  it("keeps the count as it was when lich could not list its sessions", async () => {
    const { state, run } = lich()
    const eng = await session(cardsEnv, run)
    await (await agentCall(eng)).answer
    for (const rows of ["", "not json"]) {
      state.rows = rows
      await nextRead(eng)
      expect(await render(eng)).toEqual(["focus", "lich: 1 worker"])
    }
  })

  it("does not count a worker that already answered, or one the task never reached", async () => {
    for (const status of ["answered", "unread", "undelivered"]) {
      const eng = await session(cardsEnv, () => ran(opened({ status, answer: "done" })))
      await (await agentCall(eng)).answer
      expect(await render(eng)).toEqual(["focus"])
      expect(eng.timers.pending).toHaveLength(0)
    }
  })

  it("is left out while the line shows lich's errands, which count every worker", async () => {
    const { run } = lich()
    const eng = await session({ ...lichEnv, LICH_BIN: BIN }, run)
    await (await agentCall(eng)).answer
    const read = await eng.fireUntil("/mod/status")
    read.request.respond(200, JSON.stringify({ owed: [], open: [{ ticket: "t", target: "Worker 1", state: "busy" }], ready: [] }))
    await settle()
    expect(await render(eng)).toEqual(["focus", "lich: 1 task out"])
  })
})

describe("TaskStop", () => {
  it("closes a worker in this checkout with lich close, in TaskStop's own result shape", async () => {
    const { state, run } = lich()
    const eng = await session(cardsEnv, run)
    await (await agentCall(eng)).answer
    const result = await taskStop(eng, { task_id: "w-1" })
    expect(state.stops).toEqual([[BIN, "close", "w-1"]])
    expect(result).toEqual({
      result: {
        message: expect.stringContaining('"Worker 1"'),
        task_id: "w-1",
        task_type: "local_agent",
        command: "Fix the flaky login tests"
      }
    })
    expect(await render(eng)).toEqual(["focus"])
    // No longer counted: a second TaskStop is Claude Code's.
    expect(await taskStop(eng, { task_id: "w-1" })).toEqual({ deny: "No task found" })
  })

  it("stops an isolated worker's turn with lich control … abort, leaving its card", async () => {
    const { state, run } = lich()
    const eng = await session(cardsEnv, run)
    await (await agentCall(eng, { isolation: "worktree" })).answer
    const result = await taskStop(eng, { shell_id: "w-1" })
    expect(state.stops).toEqual([[BIN, "control", "w-1", "abort"]])
    expect((result.result as Record<string, unknown>).message).toContain("worktree at /wt/w-1 stay")
    expect((result.result as Record<string, unknown>).task_id).toBe("w-1")
  })

  it("denies the call with lich's reason when lich refused, and keeps counting the worker", async () => {
    const { state, run } = lich()
    const eng = await session(cardsEnv, run)
    await (await agentCall(eng)).answer
    state.stop = ran("", 1, 'lich: no session named "w-1"\n')
    expect(await taskStop(eng, { task_id: "w-1" })).toEqual({ deny: 'lich could not stop the session "Worker 1": no session named "w-1"' })
    expect(await render(eng)).toEqual(["focus", "lich: 1 worker"])
  })

  it("leaves any other task id to Claude Code", async () => {
    const { state, run } = lich()
    const eng = await session(cardsEnv, run)
    await (await agentCall(eng)).answer
    expect(
      await taskStop(eng, { task_id: "b7x2k" }, async () => ({ result: { message: "stopped", task_id: "b7x2k", task_type: "local_bash" } }))
    ).toEqual({
      result: { message: "stopped", task_id: "b7x2k", task_type: "local_bash" }
    })
    expect(state.stops).toEqual([])
  })
})

describe("mod-answer's gate", () => {
  const stopThenComplete = async (eng: Engine) => {
    await eng.dispatch("classic.Stop", { stop_hook_active: false, last_assistant_message: "Done.", background_tasks: [] })
    await eng.dispatch("turn.complete", { answer: "Done.", durationMs: 5, isAborted: false, turnId: "t", reason: "answer" })
    await settle()
    return eng.requests.seen.filter((r) => r.path === "/mod/answer").length
  }

  it("posts in a worker (LICH_SUBAGENT_DEPTH above 0) whatever its cards setting", async () => {
    expect(await stopThenComplete(await session({ ...lichEnv, LICH_SUBAGENT_DEPTH: "1" }))).toBe(1)
    expect(await stopThenComplete(await session({ ...lichEnv, LICH_SUBAGENT_DEPTH: "2", LICH_SUBAGENT_CARDS: "off" }))).toBe(1)
  })

  it("posts nothing at depth 0, even with cards off in Settings", async () => {
    expect(await stopThenComplete(await session({ ...lichEnv, LICH_SUBAGENT_DEPTH: "0", LICH_SUBAGENT_CARDS: "off" }))).toBe(0)
  })

  it("under a lich older than the depth, posts where cards are off (it set that in every worker)", async () => {
    expect(await stopThenComplete(await session({ ...lichEnv, LICH_SUBAGENT_CARDS: "off" }))).toBe(1)
    expect(await stopThenComplete(await session(lichEnv))).toBe(0)
  })
})
