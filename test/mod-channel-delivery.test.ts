/**
 * The mod channel against a real backend (the kit in modChannelHarness.ts plays the mod): side questions,
 * relayed delivery through the mod, and the mod routes' refusals. lich control is in mod-channel.test.ts.
 */

import * as http from "node:http"
import { describe, expect, it } from "vitest"
import { type AgentEvent, tokenOf, waitForRecord } from "./harness.js"
import { modChannel } from "./modChannelHarness.js"

const kit = modChannel()
const { poll, ack, betweenPolls, openClaude } = kit
describe("lich ask through a polling mod", () => {
  it("prints the answer the mod's side question came back with", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const asked = kit.b.lich(["ask", s.label, "what", "are", "you", "working", "on?"])
    const got = await p.reply
    expect(got.commands).toEqual([{ id: expect.any(String), kind: "ask", question: "what are you working on?" }])
    await ack(s.id, { id: got.commands[0]!.id, kind: "ask", ok: true, answer: "Fixing the flaky login test." })
    expect(await asked).toEqual({ code: 0, stdout: "Fixing the flaky login test.\n", stderr: "" })

    const again = poll(s.id)
    const json = kit.b.lich(["ask", "--json", s.name, "and now?"])
    const next = await again.reply
    await ack(s.id, { id: next.commands[0]!.id, kind: "ask", ok: true, answer: "Done." })
    expect(JSON.parse((await json).stdout)).toEqual({ id: s.id, project: "modded", label: s.label, answer: "Done." })
  })

  it("fails with the reason in words when there is nothing to answer from", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const asked = kit.b.lich(["ask", s.label, "status?"])
    const got = await p.reply
    await ack(s.id, { id: got.commands[0]!.id, kind: "ask", ok: false, error: "nothing-to-fork" })
    expect(await asked).toEqual({
      code: 1,
      stdout: "",
      stderr: `lich: "${s.label}" could not answer: it has no conversation yet (it is new, or was just cleared)\n`
    })
  })
})

describe("delivery through a polling mod", () => {
  it("hands a relayed task to the mod instead of typing it, and the reply comes home", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const send = kit.b.lich(["send", s.label, "summarise the diff", "--json"])
    const got = await p.reply
    expect(got.commands).toHaveLength(1)
    const task = got.commands[0]!
    expect(task.kind).toBe("prompt")
    expect(task.text).toMatch(/^\[lich\] Message relayed by the lich command line, not from your own prompt\.\n\nsummarise the diff\n/)
    const ticket = /reply ([0-9a-f]{8}) /.exec(String(task.text))![1]!
    await ack(s.id, { id: task.id, kind: "prompt", ok: true })
    // The mod's status view shows the errand as owed by this session.
    const status = await new Promise<string>((resolve) =>
      http.get(`http://127.0.0.1:${kit.b.port}/mod/status?session_id=${s.id}&token=${tokenOf(kit.b)}`, (res) => {
        let t = ""
        res.on("data", (d) => (t += d))
        res.on("end", () => resolve(t))
      })
    )
    expect(JSON.parse(status)).toEqual({ owed: [{ ticket, from: "", asked: "summarise the diff" }], open: [], ready: [] })
    expect((await kit.b.lich(["reply", ticket, "three files changed"])).code).toBe(0)
    const r = await send
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({ ticket, target: s.label, status: "answered", answer: "three files changed" })
  })

  it("types a task no poll collected within 10 s, as at any other prompt", async () => {
    const s = await openClaude()
    await betweenPolls(s)
    const log = `${kit.b.env.FAKE_AGENT_LOG}/${s.id}.messages.jsonl`
    const started = Date.now()
    const r = await kit.b.lich(["send", s.label, "typed after all"])
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000)
    expect(r).toMatchObject({ code: 0, stdout: "echo: typed after all\n" })
    expect(await waitForRecord<AgentEvent>(log, (e) => e.event === "submit")).toMatchObject({
      text: expect.stringContaining("typed after all")
    })
  }, 60_000)
})

describe("the mod routes", () => {
  it("answer 404 for a session lich is not running, 400 without a session id, 405 for the wrong method", async () => {
    expect((await poll("0123456789abcdef0123456789abcdef").reply).status).toBe(404)
    const noId = await new Promise<number>((resolve) =>
      http.get(`http://127.0.0.1:${kit.b.port}/mod/commands?token=${tokenOf(kit.b)}`, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
    )
    expect(noId).toBe(400)
    const post = await new Promise<number>((resolve) => {
      const req = http.request(
        { host: "127.0.0.1", port: kit.b.port, method: "POST", path: `/mod/commands?token=${tokenOf(kit.b)}` },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        }
      )
      req.end("{}")
    })
    expect(post).toBe(405)
  })

  it("refuse a poll without the token", async () => {
    const status = await new Promise<number>((resolve) =>
      http.get(`http://127.0.0.1:${kit.b.port}/mod/commands?session_id=x&token=nope`, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
    )
    expect(status).toBe(401)
  })
})
