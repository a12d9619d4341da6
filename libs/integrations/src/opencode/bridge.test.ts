import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { Effect, Fiber } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { opencodeArgs, opencodeEnv, runOpencodeBridge } from "./bridge.js"

const session = { port: 41234, password: "pw" }

describe("an opencode spawn", () => {
  it("serves opencode's event bus on a loopback port, and nothing secret in argv", () => {
    expect(opencodeArgs(session)).toEqual(["--port", "41234", "--hostname", "127.0.0.1"])
  })

  it("carries the server's password and lich's MCP server in the environment", () => {
    expect(opencodeEnv(session, "/opt/lich/bin/lich", {})).toEqual({
      OPENCODE_SERVER_PASSWORD: "pw",
      OPENCODE_CONFIG_CONTENT: '{"mcp":{"lich":{"type":"local","command":["/opt/lich/bin/lich","mcp"],"enabled":true}}}'
    })
  })

  it("keeps the user's own OPENCODE_CONFIG_CONTENT, their MCP servers included", () => {
    const base = { OPENCODE_CONFIG_CONTENT: '{"theme":"x","mcp":{"mine":{"type":"remote","url":"http://127.0.0.1:1"}}}' }
    const env = opencodeEnv(session, "/l", base)
    expect(JSON.parse(env.OPENCODE_CONFIG_CONTENT!)).toEqual({
      theme: "x",
      mcp: { mine: { type: "remote", url: "http://127.0.0.1:1" }, lich: { type: "local", command: ["/l", "mcp"], enabled: true } }
    })
  })

  it("leaves a user's OPENCODE_CONFIG_CONTENT that is not a JSON object alone, tools and all", () => {
    expect(opencodeEnv(session, "/l", { OPENCODE_CONFIG_CONTENT: "{oops" })).toEqual({ OPENCODE_SERVER_PASSWORD: "pw" })
    expect(opencodeEnv(session, "/l", { OPENCODE_CONFIG_CONTENT: "[1]" })).toEqual({ OPENCODE_SERVER_PASSWORD: "pw" })
  })
})

describe("the bridge of a running opencode", () => {
  const servers: Array<http.Server> = []
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections()
      await new Promise((r) => s.close(r))
    }
  })
  const listen = async (handle: http.RequestListener) => {
    const server = http.createServer(handle)
    servers.push(server)
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
    return (server.address() as AddressInfo).port
  }

  it("reads opencode's event stream behind its password and posts each report to lich's hook route with lich's token", async () => {
    const password = "pw-0123"
    // opencode: the stream answers only its own basic auth, then stays open as between turns.
    const opencode = await listen((req, res) => {
      if (req.url !== "/event" || req.headers.authorization !== `Basic ${Buffer.from(`opencode:${password}`).toString("base64")}`)
        return res.writeHead(401).end()
      res.writeHead(200, { "content-type": "text/event-stream" })
      for (const e of created) res.write(`data: ${JSON.stringify(e)}\n\n`)
    })
    let heard: (p: { url: string; body: unknown }) => void = () => undefined
    const posted = new Promise<{ url: string; body: unknown }>((resolve) => {
      heard = resolve
    })
    const lich = await listen((req, res) => {
      let text = ""
      req.on("data", (d: Buffer) => {
        text += d.toString("utf8")
      })
      req.on("end", () => {
        res.writeHead(204).end()
        heard({ url: req.url ?? "", body: JSON.parse(text) })
      })
    })
    const bridge = Effect.runFork(runOpencodeBridge({ port: opencode, password }, "L1", { port: lich, token: "tok" }))
    try {
      expect(await posted).toEqual({
        url: "/session-start?token=tok",
        body: { session_id: "L1", provider: "opencode", provider_session_id: "ses_1" }
      })
    } finally {
      await Effect.runPromise(Fiber.interrupt(bridge))
    }
  })
})

/** The start of a session as opencode 1.18.33 streams it: connected, then the session created. */
const created = [
  { type: "server.connected", properties: {} },
  { type: "session.created", properties: { sessionID: "ses_1", info: { id: "ses_1", title: "New session" } } }
]
