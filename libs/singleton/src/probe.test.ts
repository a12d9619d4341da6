import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { type Env, runtimeFile } from "./paths.js"
import { cleanStale, pidAlive, ping, probeRunning } from "./probe.js"
import { readRuntime, writeRuntime } from "./runtime.js"

const TOKEN = "0123456789abcdef0123456789abcdef"

let root: string
let env: Env
const closers: Array<() => Promise<void>> = []

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "lich-probe-"))
  env = { HOME: path.join(root, "home"), XDG_CONFIG_HOME: path.join(root, "config") }
})
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
  fs.rmSync(root, { recursive: true, force: true })
})

/** Listens on 127.0.0.1, an ephemeral port, and closes itself and its connections after the test. */
const listen = async (server: net.Server): Promise<number> => {
  const sockets = new Set<net.Socket>()
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  closers.push(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return (server.address() as net.AddressInfo).port
}

/** A listener that behaves as lich does: 204 on /ping with its token, 401 with another. */
const lich = (token: string = TOKEN) =>
  listen(
    http.createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1")
      if (url.pathname !== "/ping") response.writeHead(404)
      else response.writeHead(url.searchParams.get("token") === token ? 204 : 401)
      response.end()
    })
  )

/** A port nobody listens on: bound, read, released. */
const silentPort = async (): Promise<number> => {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as net.AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** The pid of a process that has exited. */
const deadPid = async (): Promise<number> => {
  const child = spawn("true")
  await new Promise((resolve) => child.on("exit", resolve))
  return child.pid!
}

const record = (port: number, pid: number = process.pid, token: string = TOKEN) => writeRuntime(env, { port, token, pid, version: "0.1.0" })

describe("pidAlive", () => {
  it("finds this process alive", () => {
    expect(pidAlive(process.pid)).toBe(true)
  })

  it("finds an exited process dead", async () => {
    expect(pidAlive(await deadPid())).toBe(false)
  })

  it("never treats 0 or a negative pid as alive, since those address process groups", () => {
    expect(pidAlive(0)).toBe(false)
    expect(pidAlive(-1)).toBe(false)
    expect(pidAlive(1.5)).toBe(false)
  })
})

describe("ping", () => {
  it("answers true when lich replies 204 to its token", async () => {
    expect(await ping(await lich(), TOKEN)).toBe(true)
  })

  it("answers false when the listener refuses the token", async () => {
    expect(await ping(await lich(), "not-the-token")).toBe(false)
  })

  it("answers false when nothing listens on the port", async () => {
    expect(await ping(await silentPort(), TOKEN)).toBe(false)
  })

  it("gives up at its timeout when the listener accepts and never answers", async () => {
    const port = await listen(net.createServer(() => {}))
    const started = Date.now()
    expect(await ping(port, TOKEN, 50)).toBe(false)
    expect(Date.now() - started).toBeLessThan(1000)
  })
})

describe("probeRunning", () => {
  it("finds none when there is no runtime file", async () => {
    expect(await probeRunning(env)).toEqual({ state: "none" })
  })

  it("finds none when the runtime file is malformed", async () => {
    fs.mkdirSync(path.dirname(runtimeFile(env)), { recursive: true })
    fs.writeFileSync(runtimeFile(env), "{")
    expect(await probeRunning(env)).toEqual({ state: "none" })
  })

  it("finds a lich running when its pid is alive and its port answers its token", async () => {
    record(await lich())
    expect(await probeRunning(env)).toMatchObject({ state: "running", runtime: { pid: process.pid, token: TOKEN } })
  })

  it("finds the file stale when its pid is dead, even if something answers on the port", async () => {
    record(await lich(), await deadPid())
    expect((await probeRunning(env)).state).toBe("stale")
  })

  it("finds the file stale when its pid is alive but nothing answers on its port", async () => {
    record(await silentPort())
    expect((await probeRunning(env)).state).toBe("stale")
  })

  it("finds the file stale when the listener on its port refuses its token", async () => {
    record(await lich("another-launch-token"))
    expect((await probeRunning(env)).state).toBe("stale")
  })
})

describe("cleanStale", () => {
  it("removes a stale runtime file and says so", async () => {
    record(await silentPort(), await deadPid())
    expect(await cleanStale(env)).toBe(true)
    expect(fs.existsSync(runtimeFile(env))).toBe(false)
  })

  it("leaves a running lich's file in place", async () => {
    record(await lich())
    expect(await cleanStale(env)).toBe(false)
    expect(readRuntime(env)?.pid).toBe(process.pid)
  })

  it("has nothing to clean when there is no file", async () => {
    expect(await cleanStale(env)).toBe(false)
  })
})
