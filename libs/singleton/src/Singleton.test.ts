import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { afterEach, beforeEach } from "vitest"
import { configDir, type Env, runtimeFile } from "./paths.js"
import { readRuntime, writeRuntime } from "./runtime.js"
import * as Singleton from "./Singleton.js"

let root: string
let env: Env

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "lich-singleton-"))
  env = { HOME: path.join(root, "home"), XDG_CONFIG_HOME: path.join(root, "config") }
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

const coordinates = { port: 47821, token: "t".repeat(32), version: "0.1.0" }

describe("Singleton.register", () => {
  it.effect("records this process while its scope is open and removes the file when it closes", () =>
    Effect.gen(function* () {
      const inside = yield* Effect.scoped(
        Effect.gen(function* () {
          const runtime = yield* Singleton.register(env, coordinates)
          expect(runtime).toEqual({ ...coordinates, pid: process.pid })
          expect(fs.statSync(runtimeFile(env)).mode & 0o777).toBe(0o600)
          return readRuntime(env)
        })
      )
      expect(inside?.pid).toBe(process.pid)
      expect(fs.existsSync(runtimeFile(env))).toBe(false)
    })
  )

  it.effect("leaves a successor's file in place when its scope closes", () =>
    Effect.gen(function* () {
      yield* Effect.scoped(
        Effect.gen(function* () {
          yield* Singleton.register(env, coordinates)
          writeRuntime(env, { ...coordinates, pid: process.pid + 100_000 })
        })
      )
      expect(readRuntime(env)?.pid).toBe(process.pid + 100_000)
    })
  )

  it.effect("fails with a RuntimeFile error when the config dir cannot be made", () =>
    Effect.gen(function* () {
      fs.mkdirSync(path.join(root, "config"), { recursive: true })
      fs.writeFileSync(configDir(env), "a file where the dir should be")
      const exit = yield* Effect.exit(Effect.scoped(Singleton.register(env, coordinates)))
      expect(Exit.isFailure(exit) && exit.cause._tag === "Fail" && exit.cause.error.reason).toBe("RuntimeFile")
    })
  )
})

describe("Singleton.listenPort", () => {
  it.effect("yields 47821 by default", () =>
    Effect.gen(function* () {
      expect(yield* Singleton.listenPort(env)).toBe(47821)
    })
  )

  it.effect("fails with a ListenPort error a person can act on", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(Singleton.listenPort({ LICH_LISTEN_PORT: "nope" }))
      expect(error._tag).toBe("SingletonError")
      expect(error.reason).toBe("ListenPort")
      expect(error.message).toMatch(/LICH_LISTEN_PORT .*1 to 65535/)
    })
  )
})

describe("Singleton.configDir, probe and cleanStale", () => {
  it.effect("creates the config dir with mode 0700", () =>
    Effect.gen(function* () {
      const dir = yield* Singleton.configDir(env)
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
    })
  )

  it.effect("reports no lich and nothing to clean when there is no runtime file", () =>
    Effect.gen(function* () {
      expect(yield* Singleton.probe(env)).toEqual({ state: "none" })
      expect(yield* Singleton.cleanStale(env)).toBe(false)
    })
  )

  it.effect("cleans the file an unclean exit left behind", () =>
    Effect.gen(function* () {
      // pid 2^31-1 is above every kernel's pid_max, so no process has it.
      writeRuntime(env, { ...coordinates, pid: 2_147_483_647 })
      expect((yield* Singleton.probe(env)).state).toBe("stale")
      expect(yield* Singleton.cleanStale(env)).toBe(true)
      expect(fs.existsSync(runtimeFile(env))).toBe(false)
    })
  )
})
