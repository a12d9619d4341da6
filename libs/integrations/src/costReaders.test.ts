import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { catalogue, fresh, type Pricer, readFrom, type ScanState } from "@lich/cost"
import { afterEach, describe, expect, it } from "vitest"
import { claudeRoot, claudeTranscripts, scanClaude } from "./claude/cost.js"
import { codexTranscript, scanCodex } from "./codex/cost.js"
import { codexHome } from "./codex/hooks.js"

const fixtures = path.resolve(__dirname, "../../../test/fixtures/transcripts")
const CLAUDE = "11111111-2222-4333-8444-555555555555"
const UNKNOWN_MODEL = "99999999-2222-4333-8444-555555555555"
const CODEX = "01a23133-355f-7841-87a5-17794a470904"
const WITH_SUBAGENT = "22222222-2222-4333-8444-555555555555"

// By hand from the catalogue's published rates (USD per million tokens), @pydantic/genai-prices 0.1.8:
// claude-opus-5-5: input 4, cache read 0.2, cache write 5 (5 min) / 8 (1 h), output 20.
const opusTurn = (n: number) => ((1000 + n) * 4 + 5000 * n * 0.2 + 2000 * 5 + 1000 * 8 + (80 + n) * 20) / 1e6
// gpt-5.5: input 5, cached input 0.5, output 30.
const CODEX_TOTAL = (1000 * 5 + 1000 * 0.5 + 301 * 30 + (1500 * 5 + 2500 * 0.5 + 302 * 30)) / 1e6

const claudeFile = (id: string) => claudeTranscripts(path.join(fixtures, "claude"), id)[0]!.file
const codexFile = () => codexTranscript(path.join(fixtures, "codex"), CODEX)!.file
const claude = (file: string, s: ScanState = fresh, price: Pricer = catalogue) => readFrom(file, s, (c, st) => scanClaude(c, st, price))!

const dirs: Array<string> = []
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

describe("Claude Code's transcript", () => {
  it("prices every turn once, the Bash turn's two lines as one response, 1 h cache writes apart", () => {
    const s = claude(claudeFile(CLAUDE))
    expect(s.counted).toBe(3)
    expect(s.costUsd).toBeCloseTo(opusTurn(1) + opusTurn(2) + opusTurn(3), 12)
    expect(s.stuck).toBe(false)
    expect(s.offset).toBe(fs.statSync(claudeFile(CLAUDE)).size)
    expect(new Date(s.activityAt).toISOString()).toBe("2026-12-01T10:42:37.114Z")
  })

  it("stops at a model the catalogue does not know, and retries it on the next scan", () => {
    const file = claudeFile(UNKNOWN_MODEL)
    const s = claude(file)
    expect(s).toMatchObject({ stuck: true, costUsd: 0, counted: 0 })
    expect(s.offset).toBeLessThan(fs.statSync(file).size)
    const again = claude(file, s, (provider, model, t) => (model === "claude-fantasy-9" ? 1 : catalogue(provider, model, t)))
    expect(again).toMatchObject({ stuck: false, costUsd: 1, counted: 1 })
  })

  it("finds a subagent's transcript beside its session's and prices each as its own ledger row", () => {
    const ts = claudeTranscripts(path.join(fixtures, "claude"), WITH_SUBAGENT)
    expect(ts.map((t) => t.id)).toEqual([WITH_SUBAGENT, `${WITH_SUBAGENT}/agent-ab4e87bfb4b6a7ee6.jsonl`])
    const [main, sub] = ts.map((t) => claude(t.file))
    expect(main!.counted).toBe(3)
    expect(main!.costUsd).toBeCloseTo(opusTurn(1) + opusTurn(2) + opusTurn(4), 12)
    expect(sub!.counted).toBe(1)
    expect(sub!.costUsd).toBeCloseTo(opusTurn(3), 12)
  })

  it("reads incrementally: a half-written line waits, and nothing is counted twice", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-cost-"))
    dirs.push(dir)
    const text = fs.readFileSync(claudeFile(CLAUDE))
    const lines = text.toString("utf8").split("\n")
    const cut = lines.findIndex((l) => l.includes('"msg_01Fx2Aa1002"')) // the Bash turn's first line
    const head = Buffer.from(`${lines.slice(0, cut).join("\n")}\n${lines[cut]!.slice(0, 40)}`)
    const file = path.join(dir, "t.jsonl")
    fs.writeFileSync(file, head)
    const first = claude(file)
    expect(first.counted).toBe(1)
    fs.writeFileSync(file, text)
    const second = claude(file, first)
    expect(second.counted).toBe(2)
    expect(second.costUsd).toBeCloseTo(claude(claudeFile(CLAUDE)).costUsd, 12)
  })

  it("starts again from the top of a file that shrank under its offset", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-cost-"))
    dirs.push(dir)
    const file = path.join(dir, "t.jsonl")
    fs.copyFileSync(claudeFile(CLAUDE), file)
    const s = claude(file)
    fs.writeFileSync(file, "")
    expect(claude(file, s)).toMatchObject({ offset: 0, costUsd: 0 })
  })
})

describe("Codex's rollout", () => {
  it("prices each token_count under the model its turn_context named", () => {
    const s = readFrom(codexFile(), fresh, (c, st) => scanCodex(c, st, catalogue))!
    expect(s.counted).toBe(2)
    expect(s.costUsd).toBeCloseTo(CODEX_TOTAL, 12)
    expect(s.cursor).toBe("6603 gpt-5.5")
  })

  it("does not count a repeated total twice", () => {
    const line = (total: number, input: number) =>
      JSON.stringify({
        type: "event_msg",
        payload: {
          type: "token_count",
          info: { total_token_usage: { total_tokens: total }, last_token_usage: { input_tokens: input, output_tokens: 0 } }
        }
      })
    const chunk = Buffer.from(
      [JSON.stringify({ type: "turn_context", payload: { model: "gpt-5.5" } }), line(100, 100), line(100, 100), line(250, 150), ""].join(
        "\n"
      )
    )
    const s = scanCodex(chunk, fresh, catalogue)
    expect(s.counted).toBe(2)
    expect(s.costUsd).toBeCloseTo((250 * 5) / 1e6, 12)
  })
})

describe("finding transcripts", () => {
  it("finds Claude Code's by session id, and Codex's rollout by thread id", () => {
    expect(claudeTranscripts(path.join(fixtures, "claude"), CLAUDE).map((t) => t.id)).toEqual([CLAUDE])
    expect(path.basename(codexFile())).toMatch(new RegExp(`^rollout-.*-${CODEX}\\.jsonl$`))
  })
  it("refuses an id that would leave the folder", () => {
    expect(claudeTranscripts(path.join(fixtures, "claude"), "../x")).toEqual([])
    expect(codexTranscript(path.join(fixtures, "codex"), "*")).toBeUndefined()
  })
  it("honours CLAUDE_CONFIG_DIR and CODEX_HOME", () => {
    const env = { CLAUDE_CONFIG_DIR: "/c", CODEX_HOME: "/x" }
    expect([claudeRoot(env, "/home/u"), codexHome(env, "/home/u")]).toEqual(["/c", "/x"])
    expect([claudeRoot({}, "/home/u"), codexHome({}, "/home/u")]).toEqual(["/home/u/.claude", "/home/u/.codex"])
  })
})
