/**
 * lich's hooks module under Claude Code's own engine: `claude plugin test` runs this file (copied
 * into a copy of hooks/ as tests/lich.test.ts by test/mod/engine.test.ts) with the real host
 * loading the real module — its matchers, its `$` calls, the streaming turn.step — while the
 * hooks registered here sit beneath the plugin and play the world: lich's HTTP listener, the
 * clock, the environment, and Claude Code's core for the events the module passes on.
 *
 * Named .mts so neither the repo's tsc nor vitest picks it up: it imports 'claude-code/testing',
 * which exists only inside `claude plugin test`.
 */
import type { On } from "claude-code"
import { expect, mock, test } from "claude-code/testing"

const LICH = { LICH_PORT: "4711", LICH_TOKEN: "00ff00ff", LICH_SESSION_ID: "s-1" }

type Fetch = { url: string; method: string; headers: Record<string, string>; body: unknown }
type Reply = { status: number; text?: string }

/**
 * The world beneath the plugin: lich answers each request from `answer` (a request it leaves
 * unanswered parks, as a long poll does), Claude Code's core answers the rest as it would.
 */
const world = (on: On, env: Record<string, string>, answer: (r: Fetch) => Reply | Promise<Reply> | undefined) => {
  mock.env(on, env)
  const clock = mock.clock(on)
  const requests: Array<Fetch> = []
  on("http.fetch", async (_$, e) => {
    const r: Fetch = {
      url: e.url,
      method: e.init?.method ?? "GET",
      headers: e.init?.headers ?? {},
      body: typeof e.init?.body === "string" ? JSON.parse(e.init.body) : undefined
    }
    requests.push(r)
    const reply = answer(r)
    if (reply === undefined) return new Promise<never>(() => undefined)
    const { status, text } = await reply
    return { value: { status, ok: status < 300, headers: {}, text: text ?? "" } }
  })
  on("session.start", async (_$, e) => ({ cwd: e.cwd }))
  on("session.id", async () => ({ value: "conv-1" }))
  const submitted: Array<{ text: string; asUser?: boolean }> = []
  on("prompt.submit", async (_$, e) => {
    submitted.push({ text: e.text, asUser: e.origin !== undefined && "asUser" in e.origin ? e.origin.asUser : undefined })
    return { text: e.text }
  })
  const aborted: Array<string> = []
  on("turn.abort", async (_$, e) => {
    aborted.push(e.turnId)
    return { value: undefined }
  })
  on("turn.start", async (_$, e) => ({ turnId: e.turnId }))
  return { clock, requests, submitted, aborted, to: (path: string) => requests.filter((r) => new URL(r.url).pathname === path) }
}

const commandsOnce = (commands: Array<Record<string, unknown>>) => {
  let served = false
  return (r: Fetch): Reply | undefined => {
    const path = new URL(r.url).pathname
    if (path === "/mod/commands") {
      if (served) return undefined
      served = true
      return { status: 200, text: JSON.stringify(commands) }
    }
    if (path === "/mod/status") return undefined
    return { status: 204 }
  }
}

test("stays silent in a session lich did not start", async ($, on) => {
  const w = world(on, {}, () => ({ status: 204 }))
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  await w.clock.advance(60_000)
  expect(w.requests).toEqual([])
})

test("stays silent in a non-interactive run", async ($, on) => {
  const w = world(on, LICH, () => ({ status: 204 }))
  await $.session.start({ cwd: "/w", surface: null, isInteractive: false })
  await w.clock.advance(60_000)
  expect(w.requests).toEqual([])
})

test("polls lich, submits a prompt, and acks it with the plugin release", async ($, on) => {
  const w = world(on, LICH, commandsOnce([{ id: "0000000a", kind: "prompt", text: "run the tests" }]))
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  await w.clock.settle()
  const [poll] = w.to("/mod/commands")
  expect(poll?.url).toBe("http://127.0.0.1:4711/mod/commands?token=00ff00ff&session_id=s-1")
  expect(poll?.headers["X-Lich-Plugin"]).toBe("0.19.0")
  expect(w.submitted).toEqual([{ text: "run the tests", asUser: undefined }])
  expect(w.to("/mod/acks").map((r) => r.body)).toEqual([{ session_id: "s-1", id: "0000000a", kind: "prompt", ok: true }])
  // The next poll went out at once.
  expect(w.to("/mod/commands").length).toBe(2)
})

test("submits a relayed result as the person's own task-notification", async ($, on) => {
  const w = world(
    on,
    LICH,
    commandsOnce([
      { id: "0000000e", kind: "prompt", text: "all <b>green</b>", notification: { status: "completed", summary: "w<1> & co" } }
    ])
  )
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  await w.clock.settle()
  expect(w.submitted).toEqual([
    {
      text: "<task-notification>\n<status>completed</status>\n<summary>w&lt;1&gt; &amp; co</summary>\n<result>all <b>green</b></result>\n</task-notification>",
      asUser: true
    }
  ])
})

test("backs off on the engine's clock: nothing before 1 s, then 2 s, then 4 s", async ($, on) => {
  const w = world(on, LICH, (r) => (new URL(r.url).pathname === "/mod/commands" ? { status: 503 } : undefined))
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  await w.clock.settle()
  const polls = () => w.to("/mod/commands").length
  expect(polls()).toBe(1)
  await w.clock.advance(999)
  expect(polls()).toBe(1)
  await w.clock.advance(1)
  expect(polls()).toBe(2)
  await w.clock.advance(1999)
  expect(polls()).toBe(2)
  await w.clock.advance(1)
  expect(polls()).toBe(3)
  await w.clock.advance(4000)
  expect(polls()).toBe(4)
})

test("aborts the main loop's running turn, and acks it", async ($, on) => {
  let release!: (commands: Array<Record<string, unknown>>) => void
  const held = new Promise<Array<Record<string, unknown>>>((resolve) => (release = resolve))
  let polls = 0
  const w = world(on, LICH, (r) => {
    const path = new URL(r.url).pathname
    if (path === "/mod/commands") return ++polls === 1 ? held.then((c) => ({ status: 200, text: JSON.stringify(c) })) : undefined
    return path === "/mod/acks" ? { status: 204 } : undefined
  })
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  await $.turn.start({ text: "long job", turnId: "t-1" })
  release([{ id: "0000000b", kind: "abort" }])
  await w.clock.settle()
  expect(w.aborted).toEqual(["t-1"])
  expect(w.to("/mod/acks").map((r) => r.body)).toEqual([{ session_id: "s-1", id: "0000000b", kind: "abort", ok: true }])
})

test("brackets a /compact with compacting and done", async ($, on) => {
  const w = world(on, LICH, (r) => (new URL(r.url).pathname === "/hook" ? { status: 204 } : undefined))
  const summary = [{ role: "user" as const, text: "the summary", toolUses: [] }]
  on("session.compact", async () => ({ messages: summary }))
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  await $.session.compact({ trigger: "manual", messages: [{ role: "user", text: "a long talk", toolUses: [] }] })
  await w.clock.settle()
  expect(w.to("/hook").map((r) => r.body)).toEqual([
    { session_id: "s-1", state: "compacting" },
    { session_id: "s-1", state: "done" }
  ])
})

test("posts what Claude Code measured", async ($, on) => {
  const w = world(on, LICH, (r) => (new URL(r.url).pathname === "/mod/usage" ? { status: 204 } : undefined))
  on("session.measure", async (_$, e) => ({ changed: [...e.changed] }))
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  await $.session.measure({
    context: { window: 200000, tokens: 1000, percent: 1 },
    rateLimits: [{ kind: "five_hour", percentUsed: 12.5 }],
    cost: { usd: 0.25 },
    changed: ["context", "rateLimits", "cost"]
  })
  await w.clock.settle()
  expect(w.to("/mod/usage").map((r) => r.body)).toEqual([
    {
      session_id: "s-1",
      conversation_id: "conv-1",
      context: { window: 200000, tokens: 1000, percent: 1 },
      rate_limits: [{ kind: "five_hour", percent_used: 12.5 }],
      cost_usd: 0.25
    }
  ])
})

test("sends later main-loop requests on the model and effort lich set, and leaves a subagent's alone", async ($, on) => {
  const w = world(
    on,
    LICH,
    commandsOnce([
      { id: "0000000c", kind: "model", model: "claude-haiku-4-5" },
      { id: "0000000d", kind: "effort", effort: "low" }
    ])
  )
  const sent: Array<{ model: string; effort?: unknown; agentId?: string }> = []
  // biome-ignore lint/correctness/useYield: turn.step is a stream by the engine's contract; this world's model streams no chunk and answers at once
  on("turn.step", async function* (_$, e) {
    sent.push({ model: e.model, effort: e.effort, agentId: e.agentId })
    return { turnId: e.turnId, index: e.index, answer: "ok", toolUses: [], stopReason: "end_turn" as const, usage: null }
  })
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  await w.clock.settle()
  expect(w.to("/mod/acks").map((r) => (r.body as { ok: boolean }).ok)).toEqual([true, true])
  /** One request of a turn, read to its end as the engine reads a response. */
  const step = async (agentId?: string) => {
    const stream = $.turn.step({
      turnId: "t",
      index: 0,
      model: "claude-opus-5-5",
      effort: "medium",
      messageCount: 2,
      ...(agentId ? { agentId } : {})
    })
    for (;;) {
      const r = await stream.next()
      if (r.done) return r.value
    }
  }
  expect(await step()).toMatchObject({ answer: "ok" })
  await step("a-1")
  expect(sent).toEqual([
    { model: "claude-haiku-4-5", effort: "low", agentId: undefined },
    { model: "claude-opus-5-5", effort: "medium", agentId: "a-1" }
  ])
})

test("appends the errands line to the footer's mode labels, and redraws it every 5 s as it changes", async ($, on) => {
  const views = [
    { owed: [{ ticket: "t1", from: "auth-fix", asked: "why?" }], open: [], ready: [] },
    { owed: [], open: [], ready: [] }
  ]
  let reads = 0
  const w = world(on, LICH, (r) => {
    if (new URL(r.url).pathname !== "/mod/status") return undefined
    return { status: 200, text: JSON.stringify(views[Math.min(reads++, views.length - 1)]) }
  })
  const drawn: Array<ReadonlyArray<string>> = []
  on("ui.render", { component: "SessionMode" }, (_$, e, next) => {
    drawn.push(e.props.modes)
    return next(e)
  })
  const render = () => $.ui.render({ component: "SessionMode", surface: "terminal", requestId: "footer", props: { modes: ["focus"] } })
  await render()
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  await w.clock.settle()
  await render()
  await w.clock.advance(5000)
  await render()
  expect(drawn).toEqual([["focus"], ["focus", 'lich: owes "auth-fix" an answer'], ["focus"]])
  expect(w.to("/mod/status").length).toBe(2)
})

test("a worker posts its turn's final message as its answer when nothing runs in the background", async ($, on) => {
  const w = world(on, { ...LICH, LICH_SUBAGENT_DEPTH: "1" }, (r) =>
    new URL(r.url).pathname === "/mod/answer" ? { status: 204 } : undefined
  )
  on("classic.Stop", async () => ({}))
  on("turn.complete", async (_$, e) => ({ text: e.answer }))
  await $.session.start({ cwd: "/w", surface: "terminal", isInteractive: true })
  const turn = (answer: string, background: Array<{ id: string; type: string; status: string; description: string }>) =>
    $.classic
      .Stop({ stop_hook_active: false, last_assistant_message: answer, background_tasks: background })
      .then(() => $.turn.complete({ answer, durationMs: 10, isAborted: false, turnId: "t", reason: "answer" }))
  await turn("still going", [{ id: "b1", type: "local_bash", description: "npm test", status: "running" }])
  await turn("All tests pass.", [])
  await w.clock.settle()
  expect(w.to("/mod/answer").map((r) => r.body)).toEqual([{ session_id: "s-1", text: "All tests pass." }])
})
