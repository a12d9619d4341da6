/**
 * agent-cards under Claude Code's own engine: `claude plugin test` runs this file (copied into a
 * copy of hooks/ as tests/cards.test.ts by test/mod/engine.test.ts) with the real host loading
 * the real module. The test plays Claude Code's core beneath the plugin: its tool.call hook is
 * the Agent tool, which the plugin reaches only after the permission check (classic.PreToolUse),
 * and the test raises the call's agent.spawn itself, as the tool would; process.run answers for
 * `lich` and `git`.
 *
 * Named .mts so neither the repo's tsc nor vitest picks it up: it imports 'claude-code/testing',
 * which exists only inside `claude plugin test`.
 */
import type { On } from "claude-code"
import { expect, mock, test } from "claude-code/testing"

const CARDS = { LICH_SESSION_ID: "s-1", LICH_BIN: "/opt/lich/bin/lich" }
const ran = (stdout: string, exitCode = 0, stderr = "") => ({
  exitCode,
  stdout,
  stderr,
  isStdoutTruncated: false,
  isStderrTruncated: false
})
const openedLine = (status: string) =>
  JSON.stringify({
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
    delivery: { ticket: "a1b2c3d4", target: "Session 4", status, answer: "" }
  })

/** Claude Code's side of an Agent call: the tool (held until the spawn settled), lich's commands, toasts. */
const agentWorld = (on: On, answer: (argv: ReadonlyArray<string>) => ReturnType<typeof ran>) => {
  mock.env(on, CARDS)
  const clock = mock.clock(on)
  const runs: Array<ReadonlyArray<string>> = []
  const toasts: Array<string> = []
  const calls: Array<string> = []
  let release!: (result: unknown) => void
  const tool = new Promise((resolve) => (release = resolve))
  on("session.start", async (_$, e) => ({ cwd: e.cwd }))
  on("process.run", async (_$, e) => {
    runs.push(e.argv)
    return { value: answer(e.argv) }
  })
  on("ui.toast", async (_$, e) => {
    toasts.push(e.text)
    return { value: undefined }
  })
  on("agent.spawn", async () => ({ model: "claude-sonnet", agentId: "a-native" }))
  on("tool.call", { tool: "Agent" }, async (_$, e) => {
    calls.push(e.tool_use_id)
    return tool as Promise<never>
  })
  const spawnFor = (id: string, prompt: string) => ({
    tool_use_id: id,
    prompt,
    description: "Fix the flaky login tests",
    subagentType: "general-purpose",
    provider: { plugin: "engine", tier: "core" as const },
    parentModel: "claude-opus",
    background: false,
    fork: false
  })
  return { clock, runs, toasts, calls, release, spawnFor }
}

const PROMPT = "Find out why the login tests fail one run in five, and fix it."

test("opens a card for the model's Agent call at agent.spawn, denies the native spawn and answers async_launched", async ($, on) => {
  const w = agentWorld(on, (argv) => (argv[1] === "open" ? ran(openedLine("pending")) : ran("[]")))
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  const call = $.tool.call({ tool: "Agent", description: "Fix the flaky login tests", prompt: PROMPT, subagent_type: "general-purpose" })
  await w.clock.settle()
  expect(w.runs).toEqual([])
  const spawned = await $.agent.spawn(w.spawnFor(w.calls[0]!, PROMPT))
  expect(spawned).toEqual({ deny: expect.stringContaining("lich") })
  expect(w.runs).toEqual([["/opt/lich/bin/lich", "open", "--kind", "claude", "--subagent", "--prompt", PROMPT, "--json"]])
  w.release({ isError: true, result: spawned.deny, text: spawned.deny })
  const answer = await call
  expect(answer.result).toEqual({
    status: "async_launched",
    agentId: "session-4-9f8e",
    description: "Fix the flaky login tests",
    prompt: PROMPT,
    outputFile: ""
  })
  expect(answer.context?.[0]).toContain("[lich] note")
})

test("opens nothing for an Agent call the permission check refused", async ($, on) => {
  const w = agentWorld(on, () => ran(openedLine("pending")))
  on("classic.PreToolUse", async () => ({ deny: "not in this repo" }))
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  const answer = await $.tool.call({ tool: "Agent", description: "Fix the flaky login tests", prompt: PROMPT })
  expect(answer.isError).toBe(true)
  expect(w.runs).toEqual([])
  expect(w.calls).toEqual([])
})

test("runs the native agent with a toast when lich open failed", async ($, on) => {
  const w = agentWorld(on, () => ran("", 1, "lich: --subagent is not a flag this lich knows"))
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  const call = $.tool.call({ tool: "Agent", description: "Fix the flaky login tests", prompt: PROMPT })
  await w.clock.settle()
  expect(await $.agent.spawn(w.spawnFor(w.calls[0]!, PROMPT))).toEqual({ model: "claude-sonnet", agentId: "a-native" })
  expect(w.toasts).toEqual([expect.stringContaining("--subagent is not a flag this lich knows")])
  w.release({ result: { status: "completed", agentId: "a-native" } })
  expect((await call).result).toEqual({ status: "completed", agentId: "a-native" })
})

test("counts the worker in the footer, reads lich sessions every 5 s, and TaskStop closes it", async ($, on) => {
  let rows = JSON.stringify([
    {
      label: "Session 4",
      name: "session-4-9f8e",
      project: "lich",
      kind: "claude",
      state: "busy",
      id: "9f8e",
      path: "/work/lich",
      projectPath: "/work/lich"
    }
  ])
  const w = agentWorld(on, (argv) => (argv[1] === "open" ? ran(openedLine("pending")) : argv[1] === "sessions" ? ran(rows) : ran("")))
  const drawn: Array<ReadonlyArray<string>> = []
  on("ui.render", { component: "SessionMode" }, (_$, e, next) => {
    drawn.push(e.props.modes)
    return next(e)
  })
  const render = () => $.ui.render({ component: "SessionMode", surface: "terminal", requestId: "footer", props: { modes: [] } })
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  const call = $.tool.call({ tool: "Agent", description: "Fix the flaky login tests", prompt: PROMPT })
  await w.clock.settle()
  const spawned = await $.agent.spawn(w.spawnFor(w.calls[0]!, PROMPT))
  w.release({ isError: true, result: spawned.deny, text: spawned.deny })
  await call
  await render()
  await w.clock.advance(5000)
  await render()
  expect(drawn).toEqual([["lich: 1 worker"], ["lich: 1 worker"]])
  expect(w.runs.filter((argv) => argv[1] === "sessions").length).toBe(1)
  const stopped = await $.tool.call({ tool: "TaskStop", task_id: "session-4-9f8e" })
  expect(stopped.result).toMatchObject({ task_id: "session-4-9f8e", task_type: "local_agent", command: "Fix the flaky login tests" })
  expect(w.runs[w.runs.length - 1]).toEqual(["/opt/lich/bin/lich", "close", "session-4-9f8e"])
  rows = "[]"
  await render()
  expect(drawn[drawn.length - 1]).toEqual([])
})

test("gives an isolated call a subagent/ branch off the session's own, and answers completed with its worktree", async ($, on) => {
  const answered = JSON.stringify({
    ...JSON.parse(openedLine("answered")),
    path: "/wt/1a2b/fix",
    delivery: { ticket: "a1b2c3d4", target: "Session 4", status: "answered", answer: "Fixed the race." }
  })
  const w = agentWorld(on, (argv) => (argv[0] === "git" ? ran("feature/login\n") : ran(answered)))
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  const call = $.tool.call({ tool: "Agent", description: "Fix the flaky login tests", prompt: PROMPT, isolation: "worktree" })
  await w.clock.settle()
  const spawned = await $.agent.spawn(w.spawnFor(w.calls[0]!, PROMPT))
  const branch = `subagent/fix-the-flaky-login-tests-${w.calls[0]!.replace(/[^A-Za-z0-9]/g, "").slice(-4)}`
  expect(w.runs).toEqual([
    ["git", "branch", "--show-current"],
    [
      "/opt/lich/bin/lich",
      "open",
      "--kind",
      "claude",
      "--subagent",
      "--worktree",
      branch,
      "--base",
      "feature/login",
      "--prompt",
      PROMPT,
      "--json"
    ]
  ])
  w.release({ isError: true, result: spawned.deny, text: spawned.deny })
  expect((await call).result).toMatchObject({
    status: "completed",
    agentId: "session-4-9f8e",
    content: [{ type: "text", text: "Fixed the race." }],
    totalTokens: 0,
    worktreePath: "/wt/1a2b/fix",
    worktreeBranch: branch
  })
})
