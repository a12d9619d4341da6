/**
 * The CLI under bad input and a hostile environment, one fault at a time: unknown `--flag=value`,
 * control characters in names and labels, a reader that goes away (EPIPE), an endless stdin, a
 * directory where runtime.json should be, and the startup line that must not carry the token.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, freePort, isolatedEnv, lichBin, startBackend, tokenOf } from "../harness.js"
import { CONTROL, lichWithin, STACK } from "./faultHarness.js"

let b: Backend
let project: string
beforeAll(async () => {
  b = await startBackend()
  project = b.project("fault-cli")
  const opened = await b.lich(["open", "--project", project, "--kind", "shell"])
  expect(opened.code).toBe(0)
  expect((await b.lich(["rename", "Session 1", "--project", project, "worker"])).code).toBe(0)
})
afterAll(() => b.stop())

const oneLine = (stderr: string) => {
  expect(stderr.endsWith("\n")).toBe(true)
  expect(stderr.slice(0, -1)).not.toContain("\n")
  expect(stderr).not.toMatch(CONTROL)
  expect(stderr).not.toMatch(STACK)
}

describe("an unknown flag", () => {
  it.each([["--bogus=1"], ["--bogus"]])("%s is refused by rename, which renames nothing", async (flag) => {
    const r = await b.lich(["rename", "worker", "--project", project, flag])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(`lich: unknown flag "--bogus" for lich rename — \`lich rename --help\` lists the flags it takes\n`)
    expect((await b.lich(["sessions"])).stdout).toContain("worker\t")
  })

  it("is refused by send, which delivers no prompt", async () => {
    const r = await b.lich(["send", "worker", "--project", project, "--bogus=x"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^lich: unknown flag "--bogus" for lich send/)
  })

  it("is still a word after a lone --", async () => {
    const r = await b.lich(["rename", "--project", project, "--", "worker", "--dashes"])
    expect(r).toMatchObject({ code: 0 })
    expect((await b.lich(["rename", "--project", project, "--", "--dashes", "worker"])).code).toBe(0)
  })
})

describe("control characters", () => {
  it("are written out in an error line that echoes a name, never sent to the terminal", async () => {
    const r = await b.lich(["send", "x\ny\u001b[2J", "hi"])
    expect(r.code).toBe(1)
    oneLine(r.stderr)
    expect(r.stderr).toContain('"x\\ny\\e[2J"')
  })

  it.each([["a\tb"], ["two\nlines"], ["esc\u001b[31m"], ["csi\u009b1m"]])(
    "in a label (%j) are refused, and sessions prints no phantom row",
    async (label) => {
      const r = await b.lich(["rename", "worker", "--project", project, label])
      expect(r).toMatchObject({ code: 1, stderr: "lich: a session's name cannot hold tabs, newlines or other control characters\n" })
      const rows = (await b.lich(["sessions"])).stdout.trimEnd().split("\n")
      expect(rows).toHaveLength(2)
      expect(rows[1]).toMatch(/^worker\t/)
    }
  )
})

describe("a reader that goes away", () => {
  it("ends the command quietly with its own exit code (sessions --json | true)", async () => {
    const child = spawn(lichBin, ["sessions", "--json"], { env: b.env, stdio: ["ignore", "pipe", "pipe"] })
    child.stdout.destroy()
    let stderr = ""
    child.stderr.on("data", (d) => (stderr += d))
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve))
    expect(stderr).toBe("")
    expect(code).toBe(0)
  })
})

describe("insert - from an endless stdin", () => {
  it("stops reading at 64 KiB and refuses, having taken a bounded amount of the stream", async () => {
    const child = spawn(lichBin, ["insert", "--session", "worker", "--project", project, "-"], {
      env: b.env,
      stdio: ["pipe", "pipe", "pipe"]
    })
    let stderr = ""
    child.stderr.on("data", (d) => (stderr += d))
    const chunk = Buffer.alloc(64 * 1024, "y\n")
    let written = 0
    let open = true
    child.stdin.on("error", () => (open = false))
    child.on("close", () => (open = false))
    // An endless writer: as fast as the pipe takes it, until the reader is gone.
    const pump = () => {
      while (open && child.stdin.write(chunk)) written += chunk.length
      if (!open) return
      child.stdin.once("drain", () => {
        written += chunk.length
        pump()
      })
    }
    pump()
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve))
    expect(code).toBe(1)
    expect(stderr).toBe(
      "lich: the text is more than 65536 bytes, over the 64 KiB limit — insert the path of the file instead of its contents\n"
    )
    // What the CLI took plus what the pipe buffered: a few chunks, never the stream (it read 4.5 GB before).
    expect(written).toBeLessThan(8 * 1024 * 1024)
  })
})

describe("the startup line", () => {
  it("prints a one-time launch link, never the token", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-fault-start-"))
    const env = isolatedEnv(dir, await freePort())
    const child = spawn(lichBin, ["--no-window"], { env, stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    await new Promise<void>((resolve) =>
      child.stdout.on("data", (d) => {
        out += d
        if (out.includes("Window:")) resolve()
      })
    )
    const token = JSON.parse(fs.readFileSync(path.join(env.XDG_CONFIG_HOME!, "lich", "runtime.json"), "utf8")).token as string
    expect(out).toMatch(/Window: http:\/\/127\.0\.0\.1:\d+\/\?launch=[0-9a-f]{32} /)
    expect(out).not.toContain(token)
    child.kill("SIGTERM")
    await new Promise((r) => child.on("exit", r))
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("is the running backend's too: its token is only in runtime.json", () => {
    expect(tokenOf(b)).toMatch(/^[0-9a-f]{32}$/)
  })
})

describe("a directory where runtime.json should be", () => {
  it("is one line, for a command and for a start alike", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-fault-eisdir-"))
    const env = isolatedEnv(dir, await freePort())
    const runtime = path.join(env.XDG_CONFIG_HOME!, "lich", "runtime.json")
    fs.mkdirSync(runtime, { recursive: true })
    const expected = `lich: ${runtime} is a directory, where lich keeps the running instance's coordinates in a file — remove it (rmdir) and try again\n`
    for (const argv of [["sessions"], ["--no-window"]]) {
      const r = await lichWithin(argv, env, 15_000)
      expect(r, argv.join(" ")).toMatchObject({ code: 1, stderr: expected, hung: false })
    }
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
