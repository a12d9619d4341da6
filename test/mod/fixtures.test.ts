/**
 * The mod against the shared fixtures, so both halves of the channel are tested against the same
 * bytes: every command shape in hooks/fixtures/mod-commands.json runs under the fake engine and
 * is acked, and every ack and usage body the mod writes passes the server's own parsers
 * (@lich/mod's parseAck and parseUsage, which the /mod/* routes use).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { parseAck, parseUsage } from "@lich/mod"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { load } from "./fakeEngine.js"

const fixtures = path.resolve(__dirname, "..", "..", "hooks", "fixtures")
const commands = JSON.parse(fs.readFileSync(path.join(fixtures, "mod-commands.json"), "utf8")) as Array<Record<string, unknown>>

describe("the shared fixtures", () => {
  it("every command lich hands out is run and acked with a body lich accepts", async () => {
    // Claude Code's side answers each call as it would when it succeeds.
    const eng = await load(undefined, {
      submit: (args) => ({ text: args.text }),
      abort: () => undefined,
      command: () => ({}),
      fork: () => ({ isAnswered: true, text: "Fixing the login test.", usage: {} })
    })
    await eng.start()
    await eng.dispatch("turn.start", { text: "working", turnId: "t-1" })
    const poll = (await eng.fireUntil("/mod/commands")).request
    poll.respond(200, JSON.stringify(commands))
    const acks: Array<Record<string, unknown>> = []
    while (acks.length < commands.length) {
      const ack = await eng.requestTo("/mod/acks")
      ack.respond(204)
      acks.push(ack.body!)
      const parsed = parseAck(JSON.stringify(ack.body))
      expect(Either.isRight(parsed), JSON.stringify(ack.body)).toBe(true)
    }
    expect(acks.map((a) => a.id).sort()).toEqual(commands.map((c) => c.id).sort())
    expect(acks.every((a) => a.ok === true)).toBe(true)
    expect(acks.find((a) => a.kind === "ask")!.answer).toBe("Fixing the login test.")
  })

  it("every usage body the mod writes passes lich's parser", async () => {
    const eng = await load()
    await eng.start()
    const readings = [
      { context: { window: 200000 }, rateLimits: [], changed: ["context"] },
      {
        context: { window: 1000000, tokens: 41000, percent: 4 },
        rateLimits: [{ kind: "five_hour", percentUsed: 12.5, resetsAt: "2026-12-01T15:00:00Z" }],
        cost: { usd: 0.42 },
        changed: ["cost"]
      },
      {
        context: { window: 200000, tokens: 1, percent: 0 },
        rateLimits: [{ kind: "spend_limit", percentUsed: 140 }],
        changed: ["rateLimits"]
      }
    ]
    for (const reading of readings) {
      await eng.dispatch("session.measure", reading)
      const post = await eng.requestTo("/mod/usage")
      post.respond(204)
      const parsed = parseUsage(JSON.stringify(post.body))
      expect(Either.isRight(parsed), JSON.stringify(post.body)).toBe(true)
    }
  })
})
