/**
 * The mod under Claude Code's own engine, no model and no network: `claude plugin test` (the
 * pinned real binary) runs the kit files in test/mod/kit/ (lich.kit.mts: the mods on lich's wire;
 * cards.kit.mts: agent-cards) inside a copy of hooks/, where the real host
 * loads lich.js — its matchers, its `$` calls, the streaming turn.step, the mocked clock's timers —
 * and the kit's hooks play lich's listener beneath it. This checks what the fake `$` of the other
 * tests cannot: that the module behaves the same under the engine it ships for.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Offline, offlineClaude } from "./claudeOffline.js"

const kits = ["lich", "cards"].map((name) => ({ name, file: path.join(__dirname, "kit", `${name}.kit.mts`) }))
/** Every test the kit files declare, by name, as `claude plugin test` reports them. */
const declared = kits.flatMap((kit) =>
  [...fs.readFileSync(kit.file, "utf8").matchAll(/^test\("((?:[^"\\]|\\.)*)"/gm)].map((m) => m[1]!.replace(/\\"/g, '"'))
)

let claude: Offline
let run: { code: number; stdout: string; stderr: string }

beforeAll(async () => {
  claude = offlineClaude()
  fs.mkdirSync(path.join(claude.plugin, "tests"))
  for (const kit of kits) fs.copyFileSync(kit.file, path.join(claude.plugin, "tests", `${kit.name}.test.ts`))
  run = await claude.run(["plugin", "test", claude.plugin])
}, 15 * 60_000)

afterAll(() => claude?.dispose())

describe("claude plugin test", () => {
  it("passes every test of the kit file under the real engine", () => {
    const output = run.stdout + run.stderr
    const passed = [...output.matchAll(/^\(pass\) (.*?) \[[\d.]+m?s\]$/gm)].map((m) => m[1])
    const failed = [...output.matchAll(/^\(fail\) (.*?) \[[\d.]+m?s\]$/gm)].map((m) => m[1])
    expect(failed, output).toEqual([])
    expect(declared.length).toBeGreaterThanOrEqual(16)
    expect(passed.sort()).toEqual([...declared].sort())
    expect(run.code, output).toBe(0)
  })
})
