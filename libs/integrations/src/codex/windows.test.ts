/**
 * Codex's plan windows read from a rollout: a token_count's rate_limits become the account's
 * windows (named by their length), read incrementally — a second read sees only what was appended,
 * a half-written line waits, and a token_count with no window is no reading.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { CostedSession } from "@lich/store"
import { afterAll, describe, expect, it } from "vitest"
import { codexWindows } from "./windows.js"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-codex-windows-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const file = path.join(dir, "rollout.jsonl")

const tokenCount = (at: string, primary: unknown, secondary: unknown = null) =>
  `${JSON.stringify({
    timestamp: at,
    type: "event_msg",
    payload: { type: "token_count", info: null, rate_limits: { limit_id: "codex", primary, secondary } }
  })}\n`

const session = { id: "s1", kind: "codex", providerSessionId: "t1" } as CostedSession
const reader = codexWindows("codex:/x", () => [{ id: "t1", file }])

describe("Codex's plan windows", () => {
  it("reads the newest rate_limits, then only what was appended", () => {
    fs.writeFileSync(
      file,
      tokenCount("2026-12-01T10:00:00Z", null) +
        tokenCount("2026-12-01T10:01:00Z", { used_percent: 12.5, window_minutes: 300, resets_at: 1_796_140_800 }) +
        tokenCount(
          "2026-12-01T10:02:00Z",
          { used_percent: 20, window_minutes: 300, resets_at: 1_796_140_800 },
          { used_percent: 3, window_minutes: 10_080 }
        )
    )
    expect(reader.read!(session)).toEqual({
      at: Date.parse("2026-12-01T10:02:00Z"),
      windows: [
        { kind: "five_hour", percentUsed: 20, resetsAt: 1_796_140_800_000, windowMinutes: 300 },
        { kind: "seven_day", percentUsed: 3, resetsAt: 0, windowMinutes: 10_080 }
      ]
    })
    expect(reader.read!(session)).toBeUndefined()
    const line = tokenCount("2026-12-01T10:05:00Z", { used_percent: 130, window_minutes: 60 })
    fs.appendFileSync(file, line.slice(0, 40))
    expect(reader.read!(session)).toBeUndefined()
    fs.appendFileSync(file, line.slice(40))
    expect(reader.read!(session)?.windows).toEqual([{ kind: "primary", percentUsed: 100, resetsAt: 0, windowMinutes: 60 }])
  })
})
