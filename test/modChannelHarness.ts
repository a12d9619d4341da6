/**
 * The mod channel's test kit: a real backend whose claude sessions are the scripted fake agent, and this
 * test playing the lich-plugin mod over HTTP — it long-polls `GET /mod/commands` and acknowledges with
 * `POST /mod/acks`, exactly as the mod inside a Claude Code session does. Shared by mod-channel*.test.ts.
 */
import * as http from "node:http"
import { afterAll, beforeAll, expect } from "vitest"
import { agent, type Backend, startBackend, tokenOf } from "./harness.js"

export interface Command {
  readonly id: string
  readonly kind: string
  readonly [k: string]: unknown
}

/** A long poll as the mod makes it; `abort` drops the connection as a reloaded mod would. */
const pollOn = (b: Backend, sessionId: string, plugin: string) => {
  let req: http.ClientRequest | undefined
  const reply = new Promise<{ status: number; commands: ReadonlyArray<Command>; text: string }>((resolve, reject) => {
    req = http.request(
      {
        host: "127.0.0.1",
        port: b.port,
        method: "GET",
        path: `/mod/commands?session_id=${sessionId}&token=${tokenOf(b)}`,
        agent: false,
        headers: { "x-lich-plugin": plugin }
      },
      (res) => {
        let text = ""
        res.on("data", (d) => {
          text += d
        })
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, commands: res.statusCode === 200 ? JSON.parse(text) : [] }))
      }
    )
    req.on("error", reject)
    req.end()
  })
  return { reply, abort: () => req?.destroy() }
}

/** An ack as the mod posts it; the status lich answered. */
const ackOn = (b: Backend, sessionId: string, body: Record<string, unknown>) =>
  new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: b.port,
        method: "POST",
        path: `/mod/acks?token=${tokenOf(b)}`,
        agent: false,
        headers: { "content-type": "application/json" }
      },
      (res) => {
        res.resume()
        res.on("end", () => resolve(res.statusCode ?? 0))
      }
    )
    req.on("error", reject)
    req.end(JSON.stringify({ session_id: sessionId, ...body }))
  })

/** Starts the backend for the calling file's tests; the returned kit reads it once beforeAll has run. */
export const modChannel = () => {
  let b: Backend
  let project: string
  const poll = (sessionId: string, plugin = "0.15.0") => pollOn(b, sessionId, plugin)
  const ack = (sessionId: string, body: Record<string, unknown>) => ackOn(b, sessionId, body)

  /** A mod between two polls: it polled a moment ago (so it counts as attached) and nothing is parked now. */
  const betweenPolls = async (s: { id: string; label: string }) => {
    const p = poll(s.id)
    const control = b.lich(["control", s.label, "effort"])
    const got = await p.reply
    await ack(s.id, { id: got.commands[0]!.id, kind: "effort", ok: true })
    expect((await control).code).toBe(0)
  }

  const openClaude = async () => {
    const r = await b.lich(["open", "--project", project, "--kind", "claude", "--json"])
    expect(r.code).toBe(0)
    return JSON.parse(r.stdout) as { id: string; label: string; name: string }
  }

  beforeAll(async () => {
    b = await startBackend({ LICH_CLAUDE_BIN: agent("hooked-replier") })
    project = b.project("modded")
  })
  afterAll(async () => {
    await b?.stop()
  })
  return {
    get b() {
      return b
    },
    get project() {
      return project
    },
    poll,
    ack,
    betweenPolls,
    openClaude
  }
}
