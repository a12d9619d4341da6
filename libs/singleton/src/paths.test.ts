import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import {
  configDir,
  DEFAULT_LISTEN_PORT,
  dataDir,
  dbFile,
  type Env,
  ensureConfigDir,
  isDev,
  listenPort,
  logFile,
  runtimeFile
} from "./paths.js"

let root: string
let env: Env

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "lich-paths-"))
  env = { HOME: path.join(root, "home"), XDG_CONFIG_HOME: path.join(root, "config"), XDG_DATA_HOME: path.join(root, "data") }
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

const modeOf = (p: string) => fs.statSync(p).mode & 0o777

describe("configDir and dataDir", () => {
  it("puts the config dir under XDG_CONFIG_HOME and the data dir under XDG_DATA_HOME", () => {
    expect(configDir(env)).toBe(path.join(root, "config", "lich"))
    expect(dataDir(env)).toBe(path.join(root, "data", "lich"))
  })

  it("falls back to ~/.config and ~/.local/share when the XDG variables are unset or empty", () => {
    const bare = { HOME: env.HOME, XDG_CONFIG_HOME: "" }
    expect(configDir(bare)).toBe(path.join(root, "home", ".config", "lich"))
    expect(dataDir(bare)).toBe(path.join(root, "home", ".local", "share", "lich"))
  })

  it("ignores a relative XDG directory as the XDG spec requires", () => {
    const relative = { HOME: env.HOME, XDG_CONFIG_HOME: "relative/config", XDG_DATA_HOME: "./data" }
    expect(configDir(relative)).toBe(path.join(root, "home", ".config", "lich"))
    expect(dataDir(relative)).toBe(path.join(root, "home", ".local", "share", "lich"))
  })
})

describe("ensureConfigDir", () => {
  it("creates the config dir and its missing parents with mode 0700", () => {
    const dir = ensureConfigDir(env)
    expect(dir).toBe(configDir(env))
    expect(modeOf(dir)).toBe(0o700)
  })

  it("tightens an existing config dir to 0700", () => {
    fs.mkdirSync(configDir(env), { recursive: true })
    fs.chmodSync(configDir(env), 0o755)
    ensureConfigDir(env)
    expect(modeOf(configDir(env))).toBe(0o700)
  })
})

describe("file names", () => {
  it("names runtime.json, lich.db and lich.log in the config dir", () => {
    expect(isDev(env)).toBe(false)
    expect(runtimeFile(env)).toBe(path.join(configDir(env), "runtime.json"))
    expect(dbFile(env)).toBe(path.join(configDir(env), "lich.db"))
    expect(logFile(env)).toBe(path.join(configDir(env), "lich.log"))
  })

  it("names the dev instance's own files under LICH_DEV", () => {
    const dev = { ...env, LICH_DEV: "1" }
    expect(isDev(dev)).toBe(true)
    expect(runtimeFile(dev)).toBe(path.join(configDir(env), "runtime-dev.json"))
    expect(dbFile(dev)).toBe(path.join(configDir(env), "lich-dev.db"))
    expect(logFile(dev)).toBe(path.join(configDir(env), "lich-dev.log"))
  })

  it("treats an empty LICH_DEV as not dev", () => {
    expect(isDev({ ...env, LICH_DEV: "" })).toBe(false)
    expect(runtimeFile({ ...env, LICH_DEV: "" })).toBe(path.join(configDir(env), "runtime.json"))
  })
})

describe("listenPort", () => {
  it("defaults to 47821", () => {
    expect(listenPort(env)).toBe(DEFAULT_LISTEN_PORT)
    expect(DEFAULT_LISTEN_PORT).toBe(47821)
    expect(listenPort({ LICH_LISTEN_PORT: "" })).toBe(47821)
  })

  it("takes LICH_LISTEN_PORT when it is a port", () => {
    expect(listenPort({ LICH_LISTEN_PORT: "1" })).toBe(1)
    expect(listenPort({ LICH_LISTEN_PORT: "65535" })).toBe(65535)
    expect(listenPort({ LICH_LISTEN_PORT: "47999" })).toBe(47999)
  })

  it("never binds the parent session's LICH_PORT", () => {
    expect(listenPort({ LICH_PORT: "50000", LICH_TOKEN: "t" })).toBe(47821)
  })

  it("refuses a LICH_LISTEN_PORT that is not a port with a message naming the variable and the range", () => {
    for (const bad of ["0", "65536", "abc", "80.5", "-1", "1e3", "123456"]) {
      expect(() => listenPort({ LICH_LISTEN_PORT: bad }), bad).toThrow(/LICH_LISTEN_PORT .*1 to 65535/)
    }
  })
})
