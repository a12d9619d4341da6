import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Effect, Layer, LogLevel } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { LogFileLive, levelOf, openLog } from "./LogFile.js"

const dirs: Array<string> = []
const tempLog = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-log-"))
  dirs.push(dir)
  return path.join(dir, "lich.log")
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

const TOKEN = "0123456789abcdef0123456789abcdef"

describe("lich.log", () => {
  it("gets every Effect log line, with the token masked by value and by shape", async () => {
    const file = tempLog()
    await Effect.runPromise(
      Effect.gen(function* () {
        yield* Effect.logInfo(`Window: http://127.0.0.1:1/?token=${TOKEN}`)
        yield* Effect.logWarning(`a stale one: /events?token=ffffeeeeddddcccc&x=1 and ${TOKEN} alone`)
        yield* Effect.logDebug("below the level")
      }).pipe(Effect.provide(LogFileLive(file, TOKEN, LogLevel.Info)))
    )
    const text = fs.readFileSync(file, "utf8")
    expect(text).not.toContain(TOKEN)
    expect(text).not.toContain("ffffeeeeddddcccc")
    expect(text).toContain("token=<REDACTED>&x=1")
    expect(text).toContain("<REDACTED> alone")
    expect(text).toMatch(/level=WARN/)
    expect(text).not.toContain("below the level")
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
  })

  it("rotates to lich.log.old past its limit, keeping the newest lines in lich.log", () => {
    const file = tempLog()
    const sink = openLog(file, 100)
    for (let i = 0; i < 5; i++) sink.write(`line ${i} ${"x".repeat(30)}`)
    sink.close()
    // two rotations: the second .old replaced the first, so lines 0–1 are gone and 2–3 remain
    expect(fs.readFileSync(`${file}.old`, "utf8")).toContain("line 3")
    expect(fs.readFileSync(`${file}.old`, "utf8")).not.toContain("line 1")
    expect(fs.readFileSync(file, "utf8")).toContain("line 4")
    expect(fs.statSync(file).size).toBeLessThanOrEqual(100)
  })

  it("rotates at open when the file left by the last run is already past the limit", () => {
    const file = tempLog()
    fs.writeFileSync(file, "y".repeat(200))
    openLog(file, 100).close()
    expect(fs.statSync(`${file}.old`).size).toBe(200)
    expect(fs.statSync(file).size).toBe(0)
  })

  it("keeps lich running on stderr when the log will not open", async () => {
    const file = path.join(tempLog(), "not-a-dir", "lich.log")
    await Effect.runPromise(Effect.logInfo("still here").pipe(Effect.provide(Layer.orDie(LogFileLive(file, TOKEN)))))
    expect(fs.existsSync(file)).toBe(false)
  })

  it("reads LICH_LOG_LEVEL, info by default", () => {
    expect(levelOf("debug")).toBe(LogLevel.Debug)
    expect(levelOf("WARN")).toBe(LogLevel.Warning)
    expect(levelOf(undefined)).toBe(LogLevel.Info)
    expect(levelOf("loud")).toBe(LogLevel.Info)
  })
})
