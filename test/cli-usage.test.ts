/** Usage errors for command groups, and `lich help` covering the contract, through the bundled CLI. */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { isolatedEnv, run } from "./harness.js"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-usage-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const env = isolatedEnv(dir, 1)

describe("a command group on the command line", () => {
  it("with no subcommand is one lich: line and exit 1, not a help page", async () => {
    const r = await run(["theme"], env)
    expect(r).toEqual({
      code: 1,
      stdout: "",
      stderr: "lich: theme needs a subcommand (list or switch) — `lich theme --help` says what each does\n"
    })
  })
  it("with an unknown subcommand names the ones it takes", async () => {
    const r = await run(["theme", "--json", "lsit"], env)
    expect(r).toEqual({ code: 1, stdout: "", stderr: 'lich: unknown subcommand "lsit" for lich theme — it takes list or switch\n' })
  })
})

describe("lich help", () => {
  it("lists every command of the contract", async () => {
    const r = await run(["help"], env)
    const listed = r.stdout
      .split("\n")
      .filter((l) => /^ {2}\S/.test(l))
      .map((l) => l.trim().split(/\s+/)[0])
    const contract = [
      "sessions",
      "whoami",
      "send",
      "wait",
      "reply",
      "control",
      "ask",
      "insert",
      "focus",
      "open",
      "close",
      "rename",
      "worktrees",
      "folders",
      "file",
      "rename-folder",
      "color-folder",
      "cost",
      "mcp",
      "quit",
      "rage",
      "doctor",
      "version"
    ]
    for (const c of contract) expect(listed).toContain(c)
    expect(r.code).toBe(0)
  })
})
