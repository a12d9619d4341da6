/**
 * The project's size rule, checked: no source file over 300 lines (conventions — a file that
 * grows past it holds two things and is split). Source is every .ts/.mts/.js/.mjs/.cjs under the
 * folders the project writes, not what npm installs or the build writes.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"

const root = path.join(import.meta.dirname, "..")
const FOLDERS = ["apps", "libs", "hooks", "test", "scripts", "bench", "bin"]
const SKIP = new Set(["node_modules", "dist", "test-artifacts", ".vitest-cache"])
const SOURCE = /\.(ts|mts|cts|js|mjs|cjs)$/
/** 300 lines: the conventions' bound. */
const MAX_LINES = 300

const sources = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : sources(p)
    return e.isFile() && SOURCE.test(e.name) ? [p] : []
  })

describe("source files", () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const files = FOLDERS.map((f) => path.join(root, f))
      .filter((d) => fs.existsSync(d))
      .flatMap(sources)
    expect(files.length).toBeGreaterThan(300)
    const over = files
      .map((f) => ({ file: path.relative(root, f), lines: fs.readFileSync(f, "utf8").split("\n").length - 1 }))
      .filter((x) => x.lines > MAX_LINES)
    expect(over).toEqual([])
  })
})
