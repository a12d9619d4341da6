// The one client of a lich's loopback HTTP listener: the CLI, a second launch, doctor, rage and
// the backend's own bridges all reach a lich through `call`, so the question "what happened to
// my request" has one answer everywhere:
//
//   reply — lich answered: a status and the whole body (decoding it is the caller's business);
//   down  — the request never reached a lich: no runtime file names one, the file cannot be
//           read, or nothing listens on its port (ECONNREFUSED). Lich did nothing;
//   lost  — the connection broke, or the deadline passed, once the request was under way.
//           `sent` says whether the whole request was on the wire: from then on lich may have
//           acted on it, and only the caller knows what that means for its errand.
//
// One timeout policy: a hard deadline from the start of the call to the end of the body, not a
// socket idle timer — a stopped (SIGSTOP) lich still accepts connections in the kernel, and
// lich's answers come whole, so "no byte for N ms" and "no answer in N ms" are the same bound.
//
// It refuses to decode, retry or word a failure for a person: each caller's words differ (the
// CLI's contract line, doctor's check, rage's fact). On the CLI's cold-start path: node:http,
// not fetch (loading undici costs ~200 ms of Node 20 startup), never `effect`.

import * as http from "node:http"
import type { Env } from "./paths.js"
import { type Coordinates, coordinates } from "./runtime.js"

/** A lich to call: its loopback port and the token its listener asks for. */
export interface Lich {
  readonly port: number
  readonly token: string
}

export interface Options {
  /** POST unless said: every procedure is a POST; only /ping is a GET. */
  readonly method?: "GET" | "POST"
  /** The request's JSON text (a POST sends "{}" when there is none). */
  readonly body?: string
  /** The whole call's bound, connect to last byte. */
  readonly timeoutMs: number
  /** Abandons the call (an interrupted Effect); it then settles as `lost`. */
  readonly signal?: AbortSignal
  /**
   * The port the Host header names, when it is not `to.port`: a lich on another host, reached
   * through a forward, checks the header against its own port (libs/hosts).
   */
  readonly hostPort?: number
}

export type Reply = { readonly _tag: "reply"; readonly status: number; readonly body: string }
export type Down = { readonly _tag: "down"; readonly cause: "no-runtime" | "unreadable" | "refused"; readonly message: string }
export type Lost = { readonly _tag: "lost"; readonly cause: "timeout" | "dropped"; readonly sent: boolean; readonly message: string }
export type Outcome = Reply | Down | Lost

/** The transport's own sentence for a deadline, in whole seconds as a person reads it. */
const noAnswer = (timeoutMs: number) => `no answer within ${Math.round(timeoutMs / 1000)} s`

const withToken = (path: string, token: string) => `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`

/**
 * Calls `path` on the lich at `to`. Never rejects: every way a call can end is an Outcome. No
 * keep-alive agent (`agent: false`, `connection: close`), so a call leaves no socket holding a
 * short-lived CLI open.
 */
export const call = (to: Lich, path: string, options: Options): Promise<Outcome> =>
  new Promise((resolve) => {
    const method = options.method ?? "POST"
    const body = method === "GET" ? "" : (options.body ?? "{}")
    // Set once the whole request is on the wire: from then on lich may have acted on it.
    let sent = false
    let settled = false
    const settle = (outcome: Outcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.destroy()
      resolve(outcome)
    }
    const lost = (cause: Lost["cause"], message: string): Lost => ({ _tag: "lost", cause, sent, message })
    const req = http.request(
      {
        host: "127.0.0.1",
        port: to.port,
        method,
        path: withToken(path, to.token),
        agent: false,
        signal: options.signal,
        headers: {
          ...(options.hostPort === undefined ? {} : { host: `127.0.0.1:${options.hostPort}` }),
          ...(method === "GET"
            ? { connection: "close" }
            : { connection: "close", "content-type": "application/json", "content-length": Buffer.byteLength(body) })
        }
      },
      (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (d: Buffer) => chunks.push(d))
        res.on("end", () => settle({ _tag: "reply", status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }))
        res.on("error", (e) => settle(lost("dropped", e.message)))
      }
    )
    req.on("finish", () => {
      sent = true
    })
    req.on("error", (e: NodeJS.ErrnoException) =>
      settle(e.code === "ECONNREFUSED" ? { _tag: "down", cause: "refused", message: e.message } : lost("dropped", e.message))
    )
    const timer = setTimeout(() => settle(lost("timeout", noAnswer(options.timeoutMs))), options.timeoutMs)
    req.end(body)
  })

/** Where a located call went (`to`), so a caller can tell a session's lich from the runtime file's. */
export type Located = { readonly to: Coordinates; readonly outcome: Outcome } | { readonly to: undefined; readonly outcome: Down }

/**
 * The lich this environment names (libs/singleton `coordinates`: the session's LICH_PORT and
 * LICH_TOKEN, else the runtime file), called as `call` does. None named is `down`/"no-runtime";
 * a runtime file that cannot be read (or a LICH_PORT that is not a port) is `down`/"unreadable"
 * with the sentence that says what to fix — it is not "no lich running", which would send the
 * person to open a second one.
 */
export const callRunning = async (env: Env, path: string, options: Options): Promise<Located> => {
  let to: Coordinates | undefined
  try {
    to = coordinates(env)
  } catch (error) {
    return { to: undefined, outcome: { _tag: "down", cause: "unreadable", message: (error as Error).message } }
  }
  if (to === undefined) return { to, outcome: { _tag: "down", cause: "no-runtime", message: "no runtime file names a lich" } }
  return { to, outcome: await call(to, path, options) }
}
