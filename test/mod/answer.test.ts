/**
 * mod-answer under a fake Claude Code engine: a worker (LICH_SUBAGENT_CARDS=off) posts the final
 * message of a main-loop turn that ended with an answer and nothing in the background, once, in
 * whichever order Claude Code raises Stop and turn.complete — and nothing for any other turn, in
 * any other session, or for a subagent of its own.
 */
import { describe, expect, it } from "vitest"
import { type Engine, lichEnv, load, settle } from "./fakeEngine.js"

const worker = { ...lichEnv, LICH_SUBAGENT_CARDS: "off" }

const stop = (over: Record<string, unknown> = {}) => ({
  session_id: "c",
  transcript_path: "/t",
  cwd: "/w",
  hook_event_name: "Stop",
  stop_hook_active: false,
  last_assistant_message: "The flaky test is fixed.",
  background_tasks: [],
  ...over
})

const complete = (over: Record<string, unknown> = {}) => ({
  answer: "The flaky test is fixed.",
  durationMs: 1200,
  isAborted: false,
  turnId: "t-1",
  reason: "answer",
  ...over
})

const answers = (eng: Engine) => eng.requests.seen.filter((r) => r.path === "/mod/answer")

const session = async (env: Record<string, string> = worker) => {
  const eng = await load(env)
  await eng.start()
  return eng
}

describe("mod-answer", () => {
  it("posts a turn's final message as the worker's answer", async () => {
    const eng = await session()
    await eng.dispatch("classic.Stop", stop())
    await eng.dispatch("turn.complete", complete())
    const post = await eng.requestTo("/mod/answer")
    expect(post.method).toBe("POST")
    expect(post.url.searchParams.get("token")).toBe("00ff00ff")
    expect(post.headers["X-Lich-Plugin"]).toBe("0.19.0")
    expect(post.body).toEqual({ session_id: "s-1", text: "The flaky test is fixed." })
  })

  it("pairs the two events in either order, and posts once", async () => {
    const eng = await session()
    await eng.dispatch("turn.complete", complete())
    await settle()
    expect(answers(eng)).toHaveLength(0)
    await eng.dispatch("classic.Stop", stop())
    await eng.requestTo("/mod/answer")
    await eng.dispatch("turn.complete", complete())
    await settle()
    expect(answers(eng)).toHaveLength(1)
  })

  it("cuts a long answer at 16000 UTF-16 units", async () => {
    const eng = await session()
    const long = "x".repeat(17000)
    await eng.dispatch("classic.Stop", stop({ last_assistant_message: long }))
    await eng.dispatch("turn.complete", complete({ answer: long }))
    expect((await eng.requestTo("/mod/answer")).body!.text).toBe(`${"x".repeat(16000)}[truncated]`)
  })

  it("posts nothing while work it started still runs in the background", async () => {
    const eng = await session()
    await eng.dispatch("classic.Stop", stop({ background_tasks: [{ id: "b1", type: "local_bash", description: "npm test" }] }))
    await eng.dispatch("turn.complete", complete())
    await settle()
    expect(answers(eng)).toHaveLength(0)
  })

  it("posts nothing for a turn that was aborted, refused or failed, or that said nothing", async () => {
    const ended = [
      [stop(), complete({ isAborted: true, reason: "aborted" })],
      [stop(), complete({ reason: "refusal" })],
      [stop(), complete({ reason: "error" })],
      [stop({ last_assistant_message: "   " }), complete({ answer: "   " })],
      [stop({ last_assistant_message: undefined }), complete({ answer: "" })]
    ]
    for (const [s, c] of ended) {
      const eng = await session()
      await eng.dispatch("classic.Stop", s!)
      await eng.dispatch("turn.complete", c!)
      await settle()
      expect(answers(eng)).toHaveLength(0)
    }
  })

  it("ignores a subagent's own turn, and a Stop that does not match the turn's answer", async () => {
    const eng = await session()
    await eng.dispatch("classic.Stop", stop({ agent_id: "a-1" }))
    await eng.dispatch("turn.complete", complete({ agentId: "a-1" }))
    await eng.dispatch("classic.Stop", stop({ last_assistant_message: "an older message" }))
    await eng.dispatch("turn.complete", complete())
    await settle()
    expect(answers(eng)).toHaveLength(0)
  })

  it("stays off where lich left subagent cards on", async () => {
    for (const env of [lichEnv, { ...lichEnv, LICH_SUBAGENT_CARDS: "on" }]) {
      const eng = await session(env)
      await eng.dispatch("classic.Stop", stop())
      await eng.dispatch("turn.complete", complete())
      await settle()
      expect(answers(eng)).toHaveLength(0)
    }
  })

  it("passes the Stop on to the settings hooks beneath", async () => {
    const eng = await session()
    expect(await eng.dispatch("classic.Stop", stop(), async () => ({ block: false }))).toEqual({ block: false })
  })
})
