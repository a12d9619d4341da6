/**
 * An opencode session's state and tools, per session and with no install step.
 *
 * Why not a plugin module in opencode's plugin folder: opencode 1.18.33 answers any configured
 * plugin by running its own `bun install @opencode-ai/plugin` in EVERY config dir it reads, the
 * user's ~/.config/opencode included, and starts nothing until that install ends — measured: a
 * registry lookup per start, and a blank TUI for a minute offline. Seeding the user's config dir
 * to stop it would be an install in the user's files. So lich uses what opencode has built in:
 *   - state: the TUI's own HTTP server (`--port`, loopback) streams its event bus at /event. The
 *     backend reads it (basic auth, the password in the PTY's environment, never argv) and posts
 *     each event's reports (opencodeEvents.ts) to its own hook routes, like any hook client;
 *   - tools: lich's MCP server, registered for this process only through OPENCODE_CONFIG_CONTENT
 *     (opencode's own per-process config), so all fourteen tools are in the agent's list from the
 *     first turn as `lich_<tool>`.
 */

import * as crypto from "node:crypto"
import * as http from "node:http"
import * as net from "node:net"
import { Loopback } from "@lich/singleton"
import { Duration, Effect, Schedule } from "effect"
import { initialBridge, opencodeReports, type Post } from "./events.js"

/** opencode's default user for its server's basic auth (OPENCODE_SERVER_USERNAME unset). */
const SERVER_USER = "opencode"
/** 250 ms between tries: opencode's server comes up a few seconds into its start (6–12 s cold). */
const RETRY = Schedule.spaced(Duration.millis(250))
/** 2 s for the stream's first answer; a server that is up answers at once (then it is retried). */
const ANSWER_TIMEOUT_MS = 2_000
/** 1 s per report, the bound every hook client keeps. */
const POST_TIMEOUT_MS = 1_000

export interface OpencodeSession {
  readonly port: number
  readonly password: string
}

/** A free loopback port for the session's server (taken by opencode a moment later). */
export const freeLoopbackPort = (): Effect.Effect<number, Error> =>
  Effect.async<number, Error>((resume) => {
    const s = net.createServer()
    s.once("error", (e) => resume(Effect.fail(e)))
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resume(Effect.succeed(port)))
    })
  })

export const newOpencodeSession = Effect.map(
  freeLoopbackPort(),
  (port): OpencodeSession => ({
    port,
    password: crypto.randomBytes(24).toString("hex")
  })
)

/** The server flags: loopback only, on the port the bridge reads. */
export const opencodeArgs = (s: OpencodeSession): ReadonlyArray<string> => ["--port", String(s.port), "--hostname", "127.0.0.1"]

/**
 * The environment: the server's password, and lich's MCP server merged into whatever
 * OPENCODE_CONFIG_CONTENT the user already set (theirs is kept as it is when it is not JSON).
 */
export const opencodeEnv = (
  s: OpencodeSession,
  lichBin: string,
  base: Readonly<Record<string, string | undefined>>
): Record<string, string> => {
  const lich = { type: "local", command: [lichBin, "mcp"], enabled: true }
  let theirs: Record<string, unknown> = {}
  const raw = base.OPENCODE_CONFIG_CONTENT
  if (raw !== undefined && raw !== "") {
    try {
      const parsed = JSON.parse(raw) as unknown
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { OPENCODE_SERVER_PASSWORD: s.password }
      theirs = parsed as Record<string, unknown>
    } catch {
      return { OPENCODE_SERVER_PASSWORD: s.password }
    }
  }
  const mcp = { ...(theirs.mcp as Record<string, unknown> | undefined), lich }
  return { OPENCODE_SERVER_PASSWORD: s.password, OPENCODE_CONFIG_CONTENT: JSON.stringify({ ...theirs, mcp }) }
}

/**
 * One report to lich's own hook route, within the hook clients' bound. Fire and forget, as every
 * hook client is: whatever lich answered, the stream reads on to the next event.
 */
const post = async (lich: Loopback.Lich, p: Post): Promise<void> => {
  await Loopback.call(lich, p.path, { body: JSON.stringify(p.body), timeoutMs: POST_TIMEOUT_MS })
}

/**
 * Reads the session's event stream until it ends (opencode exited), posting reports in order.
 * Fails when the server is not up yet, so the caller retries.
 */
const readStream = (s: OpencodeSession, lichId: string, lich: { readonly port: number; readonly token: string }) =>
  Effect.async<void, Error>((resume) => {
    const auth = Buffer.from(`${SERVER_USER}:${s.password}`).toString("base64")
    let bridge = initialBridge
    let queue = Promise.resolve()
    let buffer = ""
    const req = http.get(
      { host: "127.0.0.1", port: s.port, path: "/event", headers: { authorization: `Basic ${auth}`, accept: "text/event-stream" } },
      (res) => {
        // Streaming from here on: an idle stream between turns is normal, not a timeout.
        req.setTimeout(0)
        if (res.statusCode !== 200) {
          res.resume()
          return resume(Effect.fail(new Error(`opencode's event stream answered ${res.statusCode}`)))
        }
        res.setEncoding("utf8")
        res.on("data", (chunk: string) => {
          buffer += chunk
          const lines = buffer.split("\n")
          buffer = lines.pop() ?? ""
          for (const line of lines) {
            if (!line.startsWith("data:")) continue
            let event: unknown
            try {
              event = JSON.parse(line.slice(5))
            } catch {
              continue
            }
            const r = opencodeReports(bridge, lichId, event)
            bridge = r.bridge
            for (const p of r.posts) queue = queue.then(() => post(lich, p))
          }
        })
        res.on("end", () => resume(Effect.void))
        res.on("error", () => resume(Effect.void))
      }
    )
    req.on("error", (e) => resume(Effect.fail(e)))
    // opencode binds its port before its server answers: a request taken then waits for ever.
    req.setTimeout(ANSWER_TIMEOUT_MS, () => req.destroy(new Error("opencode's server did not answer yet")))
    return Effect.sync(() => req.destroy())
  })

/** The bridge for one session: connects once opencode's server is up, then reads until it ends. */
export const runOpencodeBridge = (s: OpencodeSession, lichId: string, lich: { readonly port: number; readonly token: string }) =>
  readStream(s, lichId, lich).pipe(Effect.retry(RETRY), Effect.ignore)
