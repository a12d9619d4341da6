/**
 * The real Codex's plan windows reaching lich, offline: the mock answers with the rate-limit headers
 * Codex 0.169 reads (`x-codex-primary-*`, `x-codex-secondary-*`), Codex records them in its
 * rollout's token_count, and lich reads them at the turn's end — the account's windows go out as
 * `plan-windows`, and a plan-window ceiling set on the project then refuses the next send.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { post } from "../harness.js"
import { type LichEvent, type OpenaiRig, startOpenaiRig, ticketIn } from "./openaiRig.js"

const rules = [
  {
    when: /WINDOWS/,
    steps: (t: string) => [
      { call: { name: "reply_to_session", namespace: "mcp__lich", args: { ticket: ticketIn(t), answer: "windows answer" } } },
      { text: "Replied." }
    ]
  }
] as const

let rig: OpenaiRig
let id = ""
let project = ""
const resetAt = Math.floor(Date.now() / 1000) + 3 * 3600

beforeAll(async () => {
  rig = await startOpenaiRig(rules)
  project = rig.project("windows")
  id = (await rig.open(project, "codex")).id
}, 120_000)

afterAll(async () => {
  await rig?.stop()
})

describe("a Codex session's plan windows", () => {
  it("reach lich from the headers Codex records, and a ceiling on them refuses the next send", async () => {
    Object.assign(rig.mock.headers, {
      "x-codex-primary-used-percent": "93.5",
      "x-codex-primary-window-minutes": "300",
      "x-codex-primary-reset-at": String(resetAt),
      "x-codex-secondary-used-percent": "12",
      "x-codex-secondary-window-minutes": "10080",
      "x-codex-secondary-reset-at": String(resetAt + 86_400)
    })
    const windows = rig.event((e: LichEvent) => e._tag === "plan-windows")
    const r = await rig.b.lich(["send", "--timeout", "60", id, "WINDOWS: answer"])
    expect(r).toMatchObject({ code: 0, stdout: "windows answer\n" })
    const got = (await windows) as unknown as { account: { provider: string; windows: ReadonlyArray<Record<string, unknown>> } }
    expect(got.account.provider).toBe("codex")
    expect(got.account.windows).toEqual([
      { kind: "five_hour", percentUsed: 93.5, resetsAt: resetAt * 1000, windowMinutes: 300 },
      { kind: "seven_day", percentUsed: 12, resetsAt: (resetAt + 86_400) * 1000, windowMinutes: 10_080 }
    ])
    const set = await post(rig.b, "/rpc/system.SetBudget", { project, dayUsd: null, windowPercent: 90 })
    expect(set.status, set.text).toBe(200)
    const refused = await rig.b.lich(["send", "--timeout", "5", id, "WINDOWS: again"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("the 5-hour window of codex is at 94 %")
  })
})
