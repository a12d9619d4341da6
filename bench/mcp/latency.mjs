// The pieces of the MCP latency measurement, shared by bench/mcp-list-sessions.mjs and any bench that
// wants the one-line MCP figure (bench/handoff): a stdio MCP client read line by line, the bare
// relay.Peers POST it is compared with, and a round-robin timer so both see the same load.
import { spawn } from "node:child_process"
import * as http from "node:http"

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
export const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6

export const INIT = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "0" } }

/** A stdio MCP client: one JSON line out, the matching reply back, read as lines arrive. */
export const mcpClient = (file, args, env) => {
  const child = spawn(file, args, { env, stdio: ["pipe", "pipe", "inherit"] })
  const waiting = new Map()
  let rest = ""
  let firstLine
  const first = new Promise((resolve) => (firstLine = resolve))
  child.stdout.setEncoding("utf8")
  child.stdout.on("data", (chunk) => {
    const parts = (rest + chunk).split("\n")
    rest = parts.pop()
    for (const line of parts) {
      firstLine(process.hrtime.bigint())
      const msg = JSON.parse(line)
      waiting.get(msg.id)?.(msg)
      waiting.delete(msg.id)
    }
  })
  let next = 0
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = ++next
      waiting.set(id, resolve)
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`)
    })
  const close = () =>
    new Promise((resolve) => {
      child.once("exit", resolve)
      child.stdin.end()
    })
  return { child, request, first, close }
}

/** The same RPC list_sessions makes, as a plain node:http POST from this process: the baseline. */
export const peersPost = (port, token) => {
  const body = JSON.stringify({ from: "" })
  return () =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: `/rpc/relay.Peers?token=${token}`,
          headers: { "content-type": "application/json", "content-length": body.length }
        },
        (res) => {
          res.on("data", () => {})
          res.on("end", resolve)
        }
      )
      req.on("error", reject)
      req.end(body)
    })
}

/**
 * Median tools/call list_sessions round trip through each warm server in `servers` ([file, args]
 * pairs), and of the baseline POST, in that order: [baseline, ...servers]. Round robin — each round
 * times one call through every probe — so the backend's warm-up and load swings land on all alike.
 */
export const listSessionsLatencies = async ({ servers, env, port, token, calls = 200 }) => {
  const clients = servers.map(([file, args]) => mcpClient(file, args, env))
  await Promise.all(clients.map((c) => c.request("initialize", INIT)))
  const listSessions = (c) => () => c.request("tools/call", { name: "list_sessions", arguments: {} })
  const probes = [peersPost(port, token), ...clients.map(listSessions)]
  for (const c of clients) {
    const first = await listSessions(c)()
    if (first.result?.isError) throw new Error(`list_sessions failed: ${first.result.content[0].text}`)
  }
  for (let i = 0; i < 50; i++) for (const p of probes) await p()
  const xs = probes.map(() => [])
  for (let i = 0; i < calls; i++) {
    for (const [k, p] of probes.entries()) {
      const t0 = process.hrtime.bigint()
      await p()
      xs[k].push(ms(t0))
    }
  }
  await Promise.all(clients.map((c) => c.close()))
  return xs.map(median)
}

/** The one line bench/handoff prints: `lich mcp`'s list_sessions latency against the bare RPC. */
export const mcpLatencyLine = async ({ lich, env, port, token, calls = 200 }) => {
  const [base, mcp] = await listSessionsLatencies({ servers: [[lich, ["mcp"]]], env, port, token, calls })
  return `MCP tools/call list_sessions: median ${mcp.toFixed(2)} ms over a warm lich mcp, ${(mcp / base).toFixed(2)}x the bare relay.Peers POST (${base.toFixed(2)} ms)`
}
