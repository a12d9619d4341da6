import * as fs from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { call, callRunning } from "./loopback.js"
import type { Env } from "./paths.js"
import { runtimeFile } from "./paths.js"
import { writeRuntime } from "./runtime.js"

const TOKEN = "0123456789abcdef0123456789abcdef"

let root: string
let env: Env
const closers: Array<() => Promise<void>> = []

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "lich-loopback-"))
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

interface Seen {
  readonly method: string
  readonly url: string
  readonly type: string | undefined
  readonly body: string
}

/** A lich that records what it was asked and answers 200 with `{"ok":true}`. */
const echo = async () => {
  const seen: Array<Seen> = []
  const port = await listen(
    http.createServer((req, res) => {
      let body = ""
      req.on("data", (d: Buffer) => {
        body += d.toString("utf8")
      })
      req.on("end", () => {
        seen.push({ method: req.method ?? "", url: req.url ?? "", type: req.headers["content-type"], body })
        res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}')
      })
    })
  )
  return { port, seen }
}

/** A port nobody listens on: bound, read, released. */
const silentPort = async (): Promise<number> => {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as net.AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe("a call lich answers", () => {
  it("is the reply's status and whole body, the token in the query and the JSON as sent", async () => {
    const lich = await echo()
    const outcome = await call({ port: lich.port, token: "a b" }, "/rpc/system.Info", { body: '{"x":1}', timeoutMs: 5000 })
    expect(outcome).toEqual({ _tag: "reply", status: 200, body: '{"ok":true}' })
    expect(lich.seen).toEqual([{ method: "POST", url: "/rpc/system.Info?token=a%20b", type: "application/json", body: '{"x":1}' }])
  })

  it("sends {} when a POST has no body, and a GET sends none", async () => {
    const lich = await echo()
    await call({ port: lich.port, token: TOKEN }, "/rpc/system.Health", { timeoutMs: 5000 })
    await call({ port: lich.port, token: TOKEN }, "/ping", { method: "GET", timeoutMs: 5000 })
    expect(lich.seen.map((s) => [s.method, s.body])).toEqual([
      ["POST", "{}"],
      ["GET", ""]
    ])
  })

  it("keeps any status as the reply: a 401 is an answer, not a failure", async () => {
    const port = await listen(http.createServer((_req, res) => res.writeHead(401).end()))
    expect(await call({ port, token: TOKEN }, "/ping", { method: "GET", timeoutMs: 5000 })).toEqual({
      _tag: "reply",
      status: 401,
      body: ""
    })
  })

  it("leaves no connection open once it is answered (a short-lived CLI must be free to exit)", async () => {
    const server = http.createServer((_req, res) => res.writeHead(204).end())
    const closed = new Promise<void>((resolve) => server.on("connection", (socket) => socket.on("close", () => resolve())))
    const port = await listen(server)
    await call({ port, token: TOKEN }, "/ping", { method: "GET", timeoutMs: 5000 })
    await closed
  })
})

describe("a call that never reaches a lich", () => {
  it("is down when nothing listens on the port", async () => {
    const outcome = await call({ port: await silentPort(), token: TOKEN }, "/ping", { method: "GET", timeoutMs: 5000 })
    expect(outcome).toMatchObject({ _tag: "down", cause: "refused" })
  })

  it("is down when no runtime file names a lich", async () => {
    expect(await callRunning(env, "/ping", { timeoutMs: 5000 })).toMatchObject({
      to: undefined,
      outcome: { _tag: "down", cause: "no-runtime" }
    })
  })

  it("is down with what to fix when the runtime file cannot be read", async () => {
    fs.mkdirSync(runtimeFile(env), { recursive: true })
    const located = await callRunning(env, "/ping", { timeoutMs: 5000 })
    expect(located.outcome).toMatchObject({ _tag: "down", cause: "unreadable" })
    expect(located.outcome._tag === "down" && located.outcome.message).toMatch(/is a directory.*rmdir/)
  })
})

describe("a call under way that ends without an answer", () => {
  it("is lost after its deadline, sent, when lich took the whole request and said nothing", async () => {
    const port = await listen(http.createServer((req) => req.resume()))
    expect(await call({ port, token: TOKEN }, "/rpc/system.Info", { timeoutMs: 200 })).toEqual({
      _tag: "lost",
      cause: "timeout",
      sent: true,
      message: "no answer within 0 s"
    })
  })

  it("is lost, not sent, when its deadline passes before lich has read the whole request", async () => {
    // A listener that never reads: 32 MiB cannot fit the loopback socket's buffers.
    const port = await listen(net.createServer({ pauseOnConnect: true }))
    const outcome = await call({ port, token: TOKEN }, "/rpc/system.Info", { body: "x".repeat(32 * 1024 * 1024), timeoutMs: 300 })
    expect(outcome).toMatchObject({ _tag: "lost", cause: "timeout", sent: false })
  })

  it("is lost, dropped, when lich closes the connection instead of answering", async () => {
    const port = await listen(http.createServer((req) => req.on("end", () => req.socket.destroy()).resume()))
    expect(await call({ port, token: TOKEN }, "/rpc/system.Info", { timeoutMs: 5000 })).toEqual({
      _tag: "lost",
      cause: "dropped",
      sent: true,
      message: "socket hang up"
    })
  })

  it("is lost when the caller abandons it", async () => {
    let heard = () => {}
    const asked = new Promise<void>((resolve) => {
      heard = resolve
    })
    const port = await listen(http.createServer((req) => req.on("end", () => heard()).resume()))
    const abandon = new AbortController()
    const outcome = call({ port, token: TOKEN }, "/rpc/system.Info", { timeoutMs: 5000, signal: abandon.signal })
    await asked
    abandon.abort()
    expect(await outcome).toMatchObject({ _tag: "lost", cause: "dropped", sent: true })
  })
})

describe("a call to the lich this environment names", () => {
  it("goes to the session's LICH_PORT and LICH_TOKEN before the runtime file, and says so", async () => {
    const session = await echo()
    const file = await echo()
    writeRuntime(env, { port: file.port, token: TOKEN, pid: process.pid, version: "0.1.0" })
    const located = await callRunning({ ...env, LICH_PORT: String(session.port), LICH_TOKEN: "s" }, "/rpc/system.Info", { timeoutMs: 5000 })
    expect(located).toEqual({
      to: { port: session.port, token: "s", source: "env" },
      outcome: { _tag: "reply", status: 200, body: '{"ok":true}' }
    })
    expect(file.seen).toEqual([])
  })

  it("goes to the runtime file's lich when the session names none", async () => {
    const file = await echo()
    writeRuntime(env, { port: file.port, token: TOKEN, pid: process.pid, version: "0.1.0" })
    const located = await callRunning(env, "/rpc/system.Info", { timeoutMs: 5000 })
    expect(located.to).toEqual({ port: file.port, token: TOKEN, source: "runtime" })
    expect(file.seen.map((s) => s.url)).toEqual([`/rpc/system.Info?token=${TOKEN}`])
  })
})
