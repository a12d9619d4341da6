/**
 * The mod under Claude Code's own engine, no model and no network: `claude plugin test` (the
 * pinned real binary) runs test/mod/kit/lich.kit.mts inside a copy of hooks/, where the real host
 * loads lich.js — its matchers, its `$` calls, the streaming turn.step, the mocked clock's timers —
 * and the kit's hooks play lich's listener beneath it. This checks what the fake `$` of the other
 * tests cannot: that the module behaves the same under the engine it ships for.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Offline, offlineClaude } from "./claudeOffline.js"

const kit = path.join(__dirname, "kit", "lich.kit.mts")
/** Every test the kit file declares, by name, as `claude plugin test` reports them. */
const declared = [...fs.readFileSync(kit, "utf8").matchAll(/^test\("((?:[^"\\]|\\.)*)"/gm)].map((m) => m[1]!.replace(/\\"/g, '"'))

let claude: Offline
let run: { code: number; stdout: string; stderr: string }

beforeAll(async () => {
  claude = offlineClaude()
  fs.mkdirSync(path.join(claude.plugin, "tests"))
  fs.copyFileSync(kit, path.join(claude.plugin, "tests", "lich.test.ts"))
  run = await claude.run(["plugin", "test", claude.plugin])
}, 15 * 60_000)

afterAll(() => claude?.dispose())

describe("claude plugin test", () => {
  it("passes every test of the kit file under the real engine", () => {
    const output = run.stdout + run.stderr
    const passed = [...output.matchAll(/^\(pass\) (.*?) \[[\d.]+m?s\]$/gm)].map((m) => m[1])
    const failed = [...output.matchAll(/^\(fail\) (.*?) \[[\d.]+m?s\]$/gm)].map((m) => m[1])
    expect(failed, output).toEqual([])
    expect(declared.length).toBeGreaterThanOrEqual(10)
    expect(passed.sort()).toEqual([...declared].sort())
    expect(run.code, output).toBe(0)
  })
})
