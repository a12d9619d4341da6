/**
 * The real Claude Code's plan windows reaching lich, offline: the mock answers with the unified
 * rate-limit headers Claude Code 2.1.332 reads (`anthropic-ratelimit-unified-5h-utilization`, a
 * fraction, and `-5h-reset`, epoch seconds; the same for `7d`), Claude Code hands them to lich's mod
 * on `session.measure`, the mod posts them on /mod/usage, and lich keeps them as the account's
 * windows (`plan-windows`). Claude Code reads those headers only for a claude.ai login or a gateway;
 * offline the rig is a gateway: a base URL that is not Anthropic's and an auth token whose JWT
 * audience is `claude-gateway` (unsigned — Claude Code reads the claim, the mock checks nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ClaudeRig, startClaudeRig } from "./claudeHarness.js"

let rig: ClaudeRig
const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url")
const gatewayToken = `${part({ alg: "none", typ: "JWT" })}.${part({ aud: "claude-gateway" })}.e2e`
const reset = Math.floor(Date.now() / 1000) + 3 * 3600

beforeAll(async () => {
  rig = await startClaudeRig({ trusted: true, untrusted: false }, { ANTHROPIC_AUTH_TOKEN: gatewayToken })
})
afterAll(async () => {
  await rig?.stop()
})

const ticketed = (tag: string) => new RegExp(`${tag}[\\s\\S]*reply ([0-9a-f]{8})`)

describe("a Claude Code session's plan windows", () => {
  it("reach lich from the headers Claude Code reads, through its mod", async () => {
    Object.assign(rig.mock.headers, {
      "anthropic-ratelimit-unified-status": "allowed",
      "anthropic-ratelimit-unified-5h-utilization": "0.42",
      "anthropic-ratelimit-unified-5h-reset": String(reset),
      "anthropic-ratelimit-unified-5h-status": "allowed",
      "anthropic-ratelimit-unified-7d-utilization": "0.12",
      "anthropic-ratelimit-unified-7d-reset": String(reset + 86_400),
      "anthropic-ratelimit-unified-7d-status": "allowed"
    })
    rig.mock.rules.push({
      match: ticketed("WINDOWS"),
      steps: [{ toolUse: { name: "mcp__lich__reply_to_session", input: { ticket: "$1", answer: "windows answer" } } }, { text: "replied" }]
    })
    const s = await rig.open(rig.dirs.trusted!)
    const windows = rig.event((e) => e._tag === "plan-windows")
    const r = await rig.b.lich(["send", "--timeout", "60", s.label, "WINDOWS ping"])
    expect(r).toMatchObject({ code: 0, stdout: "windows answer\n" })
    const got = (await windows) as unknown as { account: { provider: string; windows: ReadonlyArray<Record<string, unknown>> } }
    console.log(`claude plan windows: ${JSON.stringify(got.account)}`)
    expect(got.account.provider).toBe("claude")
    expect(got.account.windows.find((w) => w.kind === "five_hour")).toMatchObject({ percentUsed: 42, resetsAt: reset * 1000 })
  })
})
