/**
 * mod-usage, mod-compacting and the module's gate under a fake Claude Code engine: what each
 * posts and in what order, when it stops, and that outside lich or in a non-interactive run the
 * module is a pure pass-through that reads nothing it need not and sends nothing at all.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { deferred, lichEnv, load, settle } from "./fakeEngine.js"

const root = path.resolve(__dirname, "..", "..")

const measure = (over: Record<string, unknown> = {}) => ({
  context: { window: 200000, tokens: 50000, percent: 25 },
  rateLimits: [
    { kind: "five_hour", percentUsed: 12.5, resetsAt: "2026-12-01T15:00:00Z" },
    { kind: "seven_day", percentUsed: 3 }
  ],
  cost: { usd: 0.42 },
  changed: ["context", "rateLimits", "cost"],
  ...over
})

describe("mod-usage", () => {
  it("posts what Claude Code measured, under the conversation's id", async () => {
    const eng = await load()
    await eng.start()
    await eng.dispatch("session.measure", measure())
    const post = await eng.requestTo("/mod/usage")
    expect(post.method).toBe("POST")
    expect(post.url.searchParams.get("token")).toBe("00ff00ff")
    expect(post.url.searchParams.has("session_id")).toBe(false)
    expect(post.headers).toEqual({ "Content-Type": "application/json", "X-Lich-Plugin": "0.19.0" })
    expect(post.body).toEqual({
      session_id: "s-1",
      conversation_id: "conv-1",
      context: { window: 200000, tokens: 50000, percent: 25 },
      rate_limits: [
        { kind: "five_hour", percent_used: 12.5, resets_at: "2026-12-01T15:00:00Z" },
        { kind: "seven_day", percent_used: 3 }
      ],
      cost_usd: 0.42
    })
  })

  it("holds a spend limit past its cap to 100, the most lich takes", async () => {
    const eng = await load()
    await eng.start()
    await eng.dispatch("session.measure", measure({ rateLimits: [{ kind: "spend_limit", percentUsed: 112.5 }] }))
    expect((await eng.requestTo("/mod/usage")).body!.rate_limits).toEqual([{ kind: "spend_limit", percent_used: 100 }])
  })

  it("leaves out what was not measured yet", async () => {
    const eng = await load()
    await eng.start()
    await eng.dispatch("session.measure", { context: { window: 200000 }, rateLimits: [], changed: ["context"] })
    expect((await eng.requestTo("/mod/usage")).body).toEqual({
      session_id: "s-1",
      conversation_id: "conv-1",
      context: { window: 200000 },
      rate_limits: []
    })
  })

  it("posts one at a time, a burst folding into its newest reading", async () => {
    const eng = await load()
    await eng.start()
    await eng.dispatch("session.measure", measure({ context: { window: 200000, percent: 10 } }))
    const first = await eng.requestTo("/mod/usage")
    await eng.dispatch("session.measure", measure({ context: { window: 200000, percent: 20 } }))
    await eng.dispatch("session.measure", measure({ context: { window: 200000, percent: 30 } }))
    await settle()
    expect(eng.requests.seen.filter((r) => r.path === "/mod/usage")).toHaveLength(1)
    first.respond(204)
    const second = await eng.requestTo("/mod/usage")
    expect(second.body!.context).toEqual({ window: 200000, percent: 30 })
    second.respond(204)
    await settle()
    expect(eng.requests.seen.filter((r) => r.path === "/mod/usage")).toHaveLength(2)
  })

  it("stops for good on a 404, and goes on after any other failure", async () => {
    const eng = await load()
    await eng.start()
    await eng.dispatch("session.measure", measure())
    ;(await eng.requestTo("/mod/usage")).fail()
    await eng.dispatch("session.measure", measure())
    ;(await eng.requestTo("/mod/usage")).respond(500)
    await eng.dispatch("session.measure", measure())
    ;(await eng.requestTo("/mod/usage")).respond(404)
    await eng.dispatch("session.measure", measure())
    await settle()
    expect(eng.requests.seen.filter((r) => r.path === "/mod/usage")).toHaveLength(3)
  })

  it("sends the reading taken before the session started once the mod runs", async () => {
    const eng = await load()
    await eng.dispatch("session.measure", measure({ cost: { usd: 0.01 } }))
    await settle()
    expect(eng.requests.seen).toHaveLength(0)
    await eng.start()
    expect((await eng.requestTo("/mod/usage")).body).toMatchObject({ cost_usd: 0.01 })
  })

  it("passes session.measure on unchanged", async () => {
    const eng = await load()
    await eng.start()
    const e = measure()
    expect(await eng.dispatch("session.measure", e, async (x: unknown) => ({ changed: (x as typeof e).changed }))).toEqual({
      changed: e.changed
    })
  })
})

describe("mod-compacting", () => {
  const compact = async (trigger: string, agentId?: string) => {
    const eng = await load()
    await eng.start()
    const beneath = deferred<unknown>()
    const e = { trigger, messages: [], ...(agentId === undefined ? {} : { agentId }) }
    const result = eng.dispatch("session.compact", e, () => beneath.promise)
    return { eng, beneath, result }
  }
  const hooks = (eng: Awaited<ReturnType<typeof load>>) => eng.requests.seen.filter((r) => r.path === "/hook")

  it("brackets a /compact with compacting, then done once the summary is back", async () => {
    const { eng, beneath, result } = await compact("manual")
    const opening = await eng.requestTo("/hook")
    expect(opening.body).toEqual({ session_id: "s-1", state: "compacting" })
    expect(opening.headers["X-Lich-Plugin"]).toBe("0.19.0")
    opening.respond(204)
    await settle()
    expect(hooks(eng)).toHaveLength(1)
    beneath.resolve({ messages: ["summary"] })
    expect(await result).toEqual({ messages: ["summary"] })
    expect((await eng.requestTo("/hook")).body).toEqual({ session_id: "s-1", state: "done" })
  })

  it("closes an automatic compaction with busy, the turn it interrupted going on", async () => {
    const { eng, beneath, result } = await compact("auto")
    beneath.resolve({ messages: [] })
    await result
    const opening = await eng.requestTo("/hook")
    await settle()
    // Serial: the closing post waits for the opening one to settle.
    expect(hooks(eng)).toHaveLength(1)
    opening.respond(204)
    expect((await eng.requestTo("/hook")).body).toEqual({ session_id: "s-1", state: "busy" })
  })

  it("still closes when the compaction failed, and hands the failure on", async () => {
    const { eng, beneath, result } = await compact("manual")
    ;(await eng.requestTo("/hook")).fail()
    beneath.reject(new Error("summary failed"))
    await expect(result).rejects.toThrow("summary failed")
    expect((await eng.requestTo("/hook")).body).toMatchObject({ state: "done" })
  })

  it("says nothing about a subagent's compaction or one made ahead of time", async () => {
    for (const [trigger, agentId] of [
      ["manual", "a-1"],
      ["auto", "a-2"],
      ["precompute", undefined],
      ["plugin", undefined]
    ] as const) {
      const { eng, beneath, result } = await compact(trigger, agentId)
      beneath.resolve({ messages: [] })
      await result
      await settle()
      expect(hooks(eng)).toHaveLength(0)
    }
  })
})

describe("the gate", () => {
  /** Every hook raised once, as a session would; returns whatever the module sent. */
  const drive = async (env: Record<string, string>, isInteractive: boolean) => {
    const eng = await load(env)
    await eng.start(isInteractive)
    while (eng.timers.pending.length > 0) (await eng.timers.next()).fire()
    await eng.dispatch("turn.start", { text: "hi", turnId: "t" })
    const step = { turnId: "t", index: 0, model: "m", messageCount: 1 }
    expect((await eng.step(step)).sent).toEqual(step)
    await eng.dispatch("session.measure", measure())
    await eng.dispatch("session.compact", { trigger: "manual", messages: [] })
    const mode = { component: "SessionMode", surface: "terminal", requestId: "r", props: { modes: ["focus"] } }
    expect(await eng.dispatch("ui.render", mode)).toEqual(mode)
    await eng.dispatch("classic.Stop", { hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "a" })
    await eng.dispatch("turn.complete", { answer: "a", durationMs: 1, isAborted: false, turnId: "t", reason: "answer" })
    await settle()
    return eng
  }

  it("registers each event once (distinct matchers where one is hooked twice)", async () => {
    const eng = await load()
    expect(eng.registrations.map((r) => `${r.pattern}${r.matcher ? JSON.stringify(r.matcher) : ""}`)).toEqual([
      'session.start{"isInteractive":true}',
      "turn.start",
      "turn.complete",
      "classic.Stop",
      "turn.step",
      "session.measure",
      'session.compact{"trigger":"manual"}',
      'session.compact{"trigger":"auto"}',
      'ui.render{"component":"SessionMode"}',
      'tool.call{"tool":"Agent"}',
      "agent.spawn",
      'tool.call{"tool":"TaskStop"}'
    ])
  })

  it("sends nothing in a session lich did not start", async () => {
    for (const missing of ["LICH_PORT", "LICH_TOKEN", "LICH_SESSION_ID"]) {
      const env: Record<string, string> = { ...lichEnv, LICH_SUBAGENT_CARDS: "off" }
      delete env[missing]
      const eng = await drive(env, true)
      expect(eng.requests.seen).toHaveLength(0)
      expect(eng.timers.seen).toHaveLength(0)
    }
  })

  it("sends nothing when the variables are not in the shape lich hands out", async () => {
    for (const bad of [{ LICH_PORT: "80; rm" }, { LICH_TOKEN: "not hex" }, { LICH_SESSION_ID: "a b" }]) {
      const eng = await drive({ ...lichEnv, ...bad }, true)
      expect(eng.requests.seen).toHaveLength(0)
    }
  })

  it("does not even look for lich in a non-interactive run", async () => {
    const eng = await drive({ ...lichEnv, LICH_SUBAGENT_CARDS: "off" }, false)
    expect(eng.envReads).toEqual([])
    expect(eng.requests.seen).toHaveLength(0)
    expect(eng.timers.seen).toHaveLength(0)
  })

  it("starts once, however often session.start is raised", async () => {
    const eng = await load()
    await eng.start()
    await eng.start()
    await settle()
    expect(eng.timers.seen.map((t) => t.ms)).toEqual([0, 0])
  })
})

describe("the release", () => {
  it("is the same in plugin.json, post.sh and the module", async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, "hooks", ".claude-plugin", "plugin.json"), "utf8")) as {
      version: string
    }
    expect(version).toBe("0.19.0")
    expect(fs.readFileSync(path.join(root, "hooks", "hooks", "post.sh"), "utf8")).toContain(`LICH_PLUGIN_VERSION=${version}\n`)
    expect(fs.readFileSync(path.join(root, "hooks", "hooks", "mod", "wire.js"), "utf8")).toContain(`PLUGIN_VERSION = "${version}"\n`)
  })

  it("names the module in hooks.json beside the classic hooks", () => {
    const hooks = JSON.parse(fs.readFileSync(path.join(root, "hooks", "hooks", "hooks.json"), "utf8")) as {
      modules: Array<string>
      hooks: Record<string, unknown>
    }
    expect(hooks.modules).toEqual(["./lich.js"])
    expect(Object.keys(hooks.hooks)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUse",
      "Notification",
      "Stop",
      "SessionEnd"
    ])
  })
})
