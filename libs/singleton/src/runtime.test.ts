import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { configDir, type Env, runtimeFile } from "./paths.js"
import { coordinates, newToken, type Runtime, readRuntime, removeRuntime, unreadable, writeRuntime } from "./runtime.js"

let root: string
let env: Env

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "lich-runtime-"))
  env = { HOME: path.join(root, "home"), XDG_CONFIG_HOME: path.join(root, "config") }
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

const healthy = (): Runtime => ({ port: 47821, token: "a".repeat(32), pid: 4242, version: "0.1.0" })
const modeOf = (p: string) => fs.statSync(p).mode & 0o777
const writeRaw = (text: string, e: Env = env) => {
  fs.mkdirSync(configDir(e), { recursive: true })
  fs.writeFileSync(runtimeFile(e), text)
}

describe("newToken", () => {
  it("is 16 random bytes written as 32 hex digits, fresh each time", () => {
    const token = newToken()
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    expect(newToken()).not.toBe(token)
  })
})

describe("writeRuntime and readRuntime", () => {
  it("round-trips a runtime through a 0600 file in a 0700 config dir", () => {
    const file = writeRuntime(env, healthy())
    expect(file).toBe(runtimeFile(env))
    expect(modeOf(file)).toBe(0o600)
    expect(modeOf(configDir(env))).toBe(0o700)
    expect(readRuntime(env)).toEqual(healthy())
  })

  it("replaces a looser existing file with a 0600 one and leaves no temp file behind", () => {
    writeRaw("{}")
    fs.chmodSync(runtimeFile(env), 0o644)
    writeRuntime(env, { ...healthy(), port: 50000 })
    expect(modeOf(runtimeFile(env))).toBe(0o600)
    expect(readRuntime(env)?.port).toBe(50000)
    expect(fs.readdirSync(configDir(env))).toEqual(["runtime.json"])
  })

  it("keeps the dev instance's runtime apart from the daily driver's under LICH_DEV", () => {
    const dev = { ...env, LICH_DEV: "1" }
    writeRuntime(env, healthy())
    writeRuntime(dev, { ...healthy(), port: 47822, pid: 4343 })
    expect(path.basename(runtimeFile(dev))).toBe("runtime-dev.json")
    expect(readRuntime(env)?.port).toBe(47821)
    expect(readRuntime(dev)?.port).toBe(47822)
  })

  it("reads a missing file as no runtime", () => {
    expect(readRuntime(env)).toBeUndefined()
  })

  it("reads a malformed file as no runtime", () => {
    for (const text of ["", "not json", "null", "[]", '"x"', '{"port":47821}']) {
      writeRaw(text)
      expect(readRuntime(env), text).toBeUndefined()
    }
  })

  it("reads a file whose fields have the wrong shape as no runtime", () => {
    const good = healthy()
    const broken: Array<Record<string, unknown>> = [
      { ...good, port: "47821" },
      { ...good, port: 0 },
      { ...good, port: 70000 },
      { ...good, port: 47821.5 },
      { ...good, token: "" },
      { ...good, token: 7 },
      { ...good, pid: 0 },
      { ...good, pid: -1 },
      { ...good, pid: "4242" },
      { ...good, version: 1 }
    ]
    for (const value of broken) {
      writeRaw(JSON.stringify(value))
      expect(readRuntime(env), JSON.stringify(value)).toBeUndefined()
    }
  })

  it("reads a file the Go lich wrote, which has no version, with an empty version", () => {
    writeRaw(JSON.stringify({ pid: 4242, port: 47821, token: "t" }))
    expect(readRuntime(env)).toEqual({ pid: 4242, port: 47821, token: "t", version: "" })
  })
})

describe("removeRuntime", () => {
  it("removes the file when it still names the exiting pid", () => {
    writeRuntime(env, healthy())
    expect(removeRuntime(env, 4242)).toBe(true)
    expect(fs.existsSync(runtimeFile(env))).toBe(false)
  })

  it("leaves a successor's file alone when it names another pid", () => {
    writeRuntime(env, { ...healthy(), pid: 5000 })
    expect(removeRuntime(env, 4242)).toBe(false)
    expect(readRuntime(env)?.pid).toBe(5000)
  })

  it("reports nothing removed when there is no file", () => {
    expect(removeRuntime(env, 4242)).toBe(false)
  })

  it("leaves an unparseable file alone, since it cannot be shown to be this pid's", () => {
    writeRaw("{oops")
    expect(removeRuntime(env, 4242)).toBe(false)
    expect(fs.existsSync(runtimeFile(env))).toBe(true)
  })
})

describe("coordinates", () => {
  it("takes LICH_PORT and LICH_TOKEN from the environment over the runtime file", () => {
    writeRuntime(env, healthy())
    expect(coordinates({ ...env, LICH_PORT: "50001", LICH_TOKEN: "session-token" })).toEqual({
      port: 50001,
      token: "session-token",
      source: "env"
    })
  })

  it("uses the environment even when there is no runtime file at all", () => {
    expect(coordinates({ ...env, LICH_PORT: "50001", LICH_TOKEN: "t" })?.source).toBe("env")
  })

  it("falls back to the runtime file outside a session", () => {
    writeRuntime(env, healthy())
    expect(coordinates(env)).toEqual({ port: 47821, token: healthy().token, source: "runtime" })
  })

  it("falls back to the runtime file when only one of LICH_PORT and LICH_TOKEN is set", () => {
    writeRuntime(env, healthy())
    expect(coordinates({ ...env, LICH_PORT: "50001" })?.source).toBe("runtime")
    expect(coordinates({ ...env, LICH_TOKEN: "t", LICH_PORT: "" })?.source).toBe("runtime")
  })

  it("reads the dev instance's file under LICH_DEV", () => {
    writeRuntime(env, healthy())
    writeRuntime({ ...env, LICH_DEV: "1" }, { ...healthy(), port: 47822 })
    expect(coordinates({ ...env, LICH_DEV: "1" })?.port).toBe(47822)
  })

  it("finds no lich when neither the environment nor a well-formed runtime file names one", () => {
    expect(coordinates(env)).toBeUndefined()
    writeRaw("not json")
    expect(coordinates(env)).toBeUndefined()
  })

  it("refuses a session's LICH_PORT that is not a port instead of reaching another lich", () => {
    writeRuntime(env, healthy())
    expect(() => coordinates({ ...env, LICH_PORT: "nope", LICH_TOKEN: "t" })).toThrow(/LICH_PORT .*not a port/)
  })
})

describe("an unreadable runtime file", () => {
  it("is one line saying a directory stands where the file should be, and what to do", () => {
    fs.mkdirSync(runtimeFile(env), { recursive: true })
    expect(() => readRuntime(env)).toThrow(/runtime\.json is a directory.*remove it/)
    expect(() => coordinates(env)).toThrow(/^[^\n]*$/)
  })

  it("names permission trouble in words and the directory to fix", () => {
    expect(unreadable("/x/lich/runtime.json", "EACCES")).toBe(
      "/x/lich/runtime.json cannot be read or replaced (permission denied) — give your user back /x/lich (chown/chmod u+rwx) and try again"
    )
    expect(unreadable("/x/lich/runtime.json", "EIO")).toMatch(/^cannot read \/x\/lich\/runtime\.json \(EIO\)/)
  })
})
