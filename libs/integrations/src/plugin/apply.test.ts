import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Effect, Exit } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { applyPlan, writeAtomic } from "./apply.js"

const dirs: Array<string> = []
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "lich-plugin-apply-"))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

describe("applyPlan", () => {
  it("writes by rename, keeping an existing file's mode and leaving no temporary file", () => {
    const d = tmp()
    const f = path.join(d, "mcp.json")
    fs.writeFileSync(f, "{}", { mode: 0o640 })
    fs.chmodSync(f, 0o640)
    writeAtomic(f, '{"a":1}', 0o600)
    expect(fs.readFileSync(f, "utf8")).toBe('{"a":1}')
    expect(fs.statSync(f).mode & 0o777).toBe(0o640)
    expect(fs.readdirSync(d)).toEqual(["mcp.json"])
  })

  it("creates missing folders and gives a new file the plan's mode", () => {
    const d = tmp()
    const f = path.join(d, "a", "b", "report.sh")
    writeAtomic(f, "#!/bin/sh\n", 0o755)
    expect(fs.statSync(f).mode & 0o777).toBe(0o755)
  })

  it("stops at the first step that fails, saying which in one line", async () => {
    const d = tmp()
    const exit = await Effect.runPromiseExit(
      applyPlan(
        [
          { _tag: "Write", path: path.join(d, "first"), text: "1" },
          { _tag: "Run", argv: ["/nonexistent/agy", "mcp", "add", "lich"] },
          { _tag: "Write", path: path.join(d, "never"), text: "2" }
        ],
        process.env
      )
    )
    expect(Exit.isFailure(exit)).toBe(true)
    expect(String(Exit.isFailure(exit) && exit.cause)).toMatch(/\/nonexistent\/agy mcp add failed/)
    expect(fs.readdirSync(d)).toEqual(["first"])
  })

  it("takes out a folder lich created only when it is empty, and passes one already gone", async () => {
    const d = tmp()
    fs.mkdirSync(path.join(d, "empty"))
    fs.mkdirSync(path.join(d, "filled"))
    fs.writeFileSync(path.join(d, "filled", "theirs"), "x")
    await Effect.runPromise(
      applyPlan(
        ["empty", "filled", "gone"].map((n) => ({ _tag: "DeleteEmptyDir", path: path.join(d, n) }) as const),
        process.env
      )
    )
    expect(fs.readdirSync(d)).toEqual(["filled"])
    expect(fs.readFileSync(path.join(d, "filled", "theirs"), "utf8")).toBe("x")
  })

  it("carries on past an optional command that fails", async () => {
    const d = tmp()
    await Effect.runPromise(
      applyPlan(
        [
          { _tag: "Run", argv: ["/nonexistent/agy", "mcp", "remove", "lich"], optional: true },
          { _tag: "Write", path: path.join(d, "after"), text: "x" }
        ],
        process.env
      )
    )
    expect(fs.readdirSync(d)).toEqual(["after"])
  })
})
