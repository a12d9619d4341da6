/**
 * mod-control under a fake Claude Code engine: the long poll of GET /mod/commands (its backoff,
 * its stop on 404), each command kind run through the right `$` call and acked on POST /mod/acks
 * with the body lich expects, and the order rules — an abort is never held behind a prompt, an
 * abort's ack goes out before the next prompt starts, a side question runs beside everything.
 */
import { describe, expect, it } from "vitest"
import { type Engine, load, settle } from "./fakeEngine.js"

const json = (value: unknown) => JSON.stringify(value)

/** A started session whose first command poll is parked, and a way to hand it commands. */
const started = async () => {
  const eng = await load()
  await eng.start()
  const first = await eng.fireUntil("/mod/commands")
  let poll = first.request
  /** Answers the parked poll with `commands`; the next poll (at once) is parked in its place. */
  const deliver = async (...commands: Array<Record<string, unknown>>) => {
    poll.respond(200, json(commands))
    const next = await eng.fireUntil("/mod/commands")
    expect(next.timer.ms).toBe(0)
    poll = next.request
  }
  return { eng, first, deliver }
}

/** The next ack posted, answered 204 (or failed, to prove it is not retried). */
const ackOf = async (eng: Engine, outcome: "204" | "fail" = "204") => {
  const r = await eng.requestTo("/mod/acks")
  if (outcome === "204") r.respond(204)
  else r.fail()
  return r.body
}

describe("the command poll", () => {
  it("asks at once at the start, with the token and session in the query and the plugin release in a header", async () => {
    const { first } = await started()
    expect(first.timer.ms).toBe(0)
    expect(first.request.method).toBe("GET")
    expect(first.request.url.host).toBe("127.0.0.1:4711")
    expect(first.request.url.searchParams.get("token")).toBe("00ff00ff")
    expect(first.request.url.searchParams.get("session_id")).toBe("s-1")
    expect(first.request.headers["X-Lich-Plugin"]).toBe("0.19.0")
  })

  it("backs off 1 s doubling to 10 s on failures, and polls at once again after a 200", async () => {
    const eng = await load()
    await eng.start()
    let poll = (await eng.fireUntil("/mod/commands")).request
    const delays: Array<number> = []
    const failures: Array<(p: typeof poll) => void> = [
      (p) => p.respond(500),
      (p) => p.fail(),
      (p) => p.respond(401),
      (p) => p.respond(503),
      (p) => p.respond(200, "not json"),
      (p) => p.respond(418),
      (p) => p.respond(200, "[]"),
      (p) => p.fail()
    ]
    for (const fail of failures) {
      fail(poll)
      const next = await eng.fireUntil("/mod/commands")
      delays.push(next.timer.ms)
      poll = next.request
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10000, 10000, 0, 1000])
  })

  it("stops for good when lich answers 404", async () => {
    const { eng, first } = await started()
    first.request.respond(404)
    await settle()
    const polls = () => eng.requests.seen.filter((r) => r.path === "/mod/commands").length
    while (eng.timers.pending.length > 0) (await eng.timers.next()).fire()
    await settle()
    expect(polls()).toBe(1)
  })
})

describe("each kind", () => {
  it("submits a prompt and acks it once its turn started", async () => {
    const { eng, deliver } = await started()
    await deliver({ id: "0000000a", kind: "prompt", text: "run the tests" })
    const submit = await eng.submits.next()
    expect(submit.args).toEqual({ text: "run the tests" })
    await settle()
    expect(eng.requests.pending.some((r) => r.path === "/mod/acks")).toBe(false)
    submit.reply.resolve({ text: "run the tests", origin: { kind: "plugin", name: "lich" } })
    expect(await ackOf(eng)).toEqual({ session_id: "s-1", id: "0000000a", kind: "prompt", ok: true })
  })

  it("acks a dropped prompt as failed, with the reason", async () => {
    const { eng, deliver } = await started()
    await deliver({ id: "0000000b", kind: "prompt", text: "x" })
    ;(await eng.submits.next()).reply.resolve({ drop: "a Stop hook stands" })
    expect(await ackOf(eng)).toEqual({ session_id: "s-1", id: "0000000b", kind: "prompt", ok: false, error: "a Stop hook stands" })
  })

  it("submits a relayed result as the person's own task-notification, status and summary escaped, result raw", async () => {
    const { eng, deliver } = await started()
    const result = "all <b>green</b> & done"
    await deliver({ id: "0000000c", kind: "prompt", text: result, notification: { status: "completed", summary: 'worker "w<1>" & co' } })
    const submit = await eng.submits.next()
    expect(submit.args).toEqual({
      asUser: true,
      text:
        "<task-notification>\n<status>completed</status>\n" +
        '<summary>worker "w&lt;1&gt;" &amp; co</summary>\n' +
        "<result>all <b>green</b> & done</result>\n</task-notification>"
    })
  })

  it("aborts the main loop's running turn, and refuses when none runs", async () => {
    const { eng, deliver } = await started()
    await deliver({ id: "00000001", kind: "abort" })
    expect(await ackOf(eng)).toEqual({ session_id: "s-1", id: "00000001", kind: "abort", ok: false, error: "no turn is running" })

    await eng.dispatch("turn.start", { text: "go", turnId: "t-main" })
    await eng.dispatch("turn.start", { text: "sub", turnId: "t-sub", agentId: "a-1" })
    await deliver({ id: "00000002", kind: "abort" })
    const abort = await eng.aborts.next()
    expect(abort.args).toEqual({ turnId: "t-main" })
    abort.reply.resolve()
    expect(await ackOf(eng)).toMatchObject({ id: "00000002", ok: true })

    await eng.dispatch("turn.complete", { answer: "", durationMs: 1, isAborted: true, turnId: "t-main", reason: "aborted" })
    await deliver({ id: "00000003", kind: "abort" })
    expect(await ackOf(eng)).toMatchObject({ id: "00000003", ok: false, error: "no turn is running" })
  })

  it("acks an abort Claude Code refused with its reason", async () => {
    const { eng, deliver } = await started()
    await eng.dispatch("turn.start", { text: "go", turnId: "t-1" })
    await deliver({ id: "00000004", kind: "abort" })
    ;(await eng.aborts.next()).reply.reject(new Error("t-1 is not the running turn (t-2)"))
    expect(await ackOf(eng)).toMatchObject({ ok: false, error: "t-1 is not the running turn (t-2)" })
  })

  it("overrides the model and effort of every later main-loop request, and clears them", async () => {
    const { eng, deliver } = await started()
    const mainStep = { turnId: "t", index: 0, model: "claude-sonnet", effort: "medium", messageCount: 3 }
    expect((await eng.step(mainStep)).sent).toEqual(mainStep)

    await deliver({ id: "00000005", kind: "model", model: "opus" }, { id: "00000006", kind: "effort", effort: "high" })
    expect(await ackOf(eng)).toEqual({ session_id: "s-1", id: "00000005", kind: "model", ok: true })
    expect(await ackOf(eng)).toEqual({ session_id: "s-1", id: "00000006", kind: "effort", ok: true })
    const stepped = await eng.step(mainStep)
    expect(stepped.sent).toEqual({ ...mainStep, model: "opus", effort: "high" })
    expect(stepped.chunks).toEqual([{ type: "chunk" }])
    expect(stepped.result).toEqual({ response: "done" })
    expect((await eng.step({ ...mainStep, index: 1 })).sent).toMatchObject({ model: "opus", effort: "high" })
    const subStep = { ...mainStep, agentId: "a-1", model: "claude-haiku" }
    expect((await eng.step(subStep)).sent).toEqual(subStep)

    await deliver({ id: "00000007", kind: "effort", effort: "extreme" })
    expect(await ackOf(eng)).toMatchObject({ id: "00000007", ok: false, error: "unknown effort" })
    expect((await eng.step(mainStep)).sent).toMatchObject({ effort: "high" })

    await deliver({ id: "00000008", kind: "model" }, { id: "00000009", kind: "effort" })
    await ackOf(eng)
    await ackOf(eng)
    expect((await eng.step(mainStep)).sent).toEqual(mainStep)
  })

  it("runs a slash command and acks it once it ran, or with why it failed", async () => {
    const { eng, deliver } = await started()
    await deliver({ id: "0000000d", kind: "command", name: "compact", args: "keep the plan" })
    const run = await eng.commands.next()
    expect(run.args).toEqual({ command: "compact", args: "keep the plan" })
    run.reply.resolve({})
    expect(await ackOf(eng)).toEqual({ session_id: "s-1", id: "0000000d", kind: "command", ok: true })

    await deliver({ id: "0000000e", kind: "command", name: "nope" })
    const failed = await eng.commands.next()
    expect(failed.args).toEqual({ command: "nope", args: "" })
    failed.reply.reject(new Error("Unknown command: /nope"))
    expect(await ackOf(eng)).toMatchObject({ id: "0000000e", ok: false, error: "Unknown command: /nope" })
  })

  it("answers a side question from a fork behind the preamble, cut at 16000 UTF-16 units", async () => {
    const { eng, deliver } = await started()
    await deliver({ id: "0000000f", kind: "ask", question: "what are you doing?" })
    const fork = await eng.forks.next()
    expect(fork.args.prompt).toMatch(/^Side question[^\n]*no tools[^\n]*brief\.\n\nwhat are you doing\?$/)
    fork.reply.resolve({ isAnswered: true, text: `${"a".repeat(15999)}😀tail`, usage: {} })
    const ack = await ackOf(eng)
    expect(ack).toMatchObject({ id: "0000000f", kind: "ask", ok: true })
    // 15999 units, then an emoji whose second half would be unit 16001: the pair is left out whole.
    expect(ack!.answer).toBe(`${"a".repeat(15999)}[truncated]`)

    await deliver({ id: "00000010", kind: "ask", question: "short?" })
    ;(await eng.forks.next()).reply.resolve({ isAnswered: true, text: "b".repeat(16000), usage: {} })
    expect((await ackOf(eng))!.answer).toBe("b".repeat(16000))
  })

  it("acks a question the fork could not answer with the reason", async () => {
    const { eng, deliver } = await started()
    await deliver({ id: "00000011", kind: "ask", question: "q1" }, { id: "00000012", kind: "ask", question: "q2" })
    const first = await eng.forks.next()
    const second = await eng.forks.next()
    first.reply.resolve({ isAnswered: false, reason: "nothing-to-fork" })
    expect(await ackOf(eng)).toMatchObject({ id: "00000011", ok: false, error: "nothing-to-fork" })
    second.reply.resolve({ isAnswered: false, reason: "api-error", status: 529, error: "overloaded", usage: {} })
    expect(await ackOf(eng)).toMatchObject({ id: "00000012", ok: false, error: "api-error 529 overloaded" })
  })

  it("refuses a kind it does not know", async () => {
    const { eng, deliver } = await started()
    await deliver({ id: "00000013", kind: "teleport" }, { id: "00000014", kind: "constructor" }, { id: "00000015" })
    expect(await ackOf(eng)).toEqual({ session_id: "s-1", id: "00000013", kind: "teleport", ok: false, error: "unknown kind" })
    expect(await ackOf(eng)).toMatchObject({ id: "00000014", ok: false, error: "unknown kind" })
    expect(await ackOf(eng)).toMatchObject({ id: "00000015", ok: false, error: "unknown kind" })
  })
})

describe("the order", () => {
  it("does not hold an abort behind a prompt whose turn has not started", async () => {
    const { eng, deliver } = await started()
    await eng.dispatch("turn.start", { text: "long job", turnId: "t-running" })
    await deliver({ id: "00000020", kind: "prompt", text: "next" }, { id: "00000021", kind: "abort" })
    const submit = await eng.submits.next()
    const abort = await eng.aborts.next()
    expect(abort.args).toEqual({ turnId: "t-running" })
    abort.reply.resolve()
    expect(await ackOf(eng)).toMatchObject({ id: "00000021", kind: "abort", ok: true })
    submit.reply.resolve({ text: "next" })
    expect(await ackOf(eng)).toMatchObject({ id: "00000020", kind: "prompt", ok: true })
  })

  it("starts the prompt after an abort only once the abort's ack went out", async () => {
    const { eng, deliver } = await started()
    await eng.dispatch("turn.start", { text: "x", turnId: "t-1" })
    await deliver({ id: "00000022", kind: "abort" }, { id: "00000023", kind: "prompt", text: "after" })
    ;(await eng.aborts.next()).reply.resolve()
    const abortAck = await eng.requestTo("/mod/acks")
    await settle()
    expect(eng.submits.seen).toHaveLength(0)
    abortAck.respond(204)
    expect((await eng.submits.next()).args).toEqual({ text: "after" })
  })

  it("runs a side question beside an abort that is still in flight", async () => {
    const { eng, deliver } = await started()
    await eng.dispatch("turn.start", { text: "x", turnId: "t-1" })
    await deliver({ id: "00000024", kind: "abort" }, { id: "00000025", kind: "ask", question: "status?" })
    const abort = await eng.aborts.next()
    const fork = await eng.forks.next()
    fork.reply.resolve({ isAnswered: true, text: "fine", usage: {} })
    expect(await ackOf(eng)).toMatchObject({ id: "00000025", ok: true, answer: "fine" })
    abort.reply.resolve()
    expect(await ackOf(eng)).toMatchObject({ id: "00000024", ok: true })
  })

  it("does not wait for a slash command to run before the next command", async () => {
    const { eng, deliver } = await started()
    await deliver({ id: "00000026", kind: "command", name: "compact" }, { id: "00000027", kind: "model", model: "haiku" })
    const run = await eng.commands.next()
    expect(await ackOf(eng)).toMatchObject({ id: "00000027", kind: "model", ok: true })
    run.reply.resolve({})
    expect(await ackOf(eng)).toMatchObject({ id: "00000026", kind: "command", ok: true })
  })

  it("drops an ack that failed and goes on, never retrying it", async () => {
    const { eng, deliver } = await started()
    await deliver({ id: "00000028", kind: "model", model: "opus" }, { id: "00000029", kind: "effort", effort: "low" })
    expect(await ackOf(eng, "fail")).toMatchObject({ id: "00000028" })
    expect(await ackOf(eng)).toMatchObject({ id: "00000029" })
    await settle()
    expect(eng.requests.seen.filter((r) => r.path === "/mod/acks").map((r) => r.body!.id)).toEqual(["00000028", "00000029"])
  })
})
