/**
 * A second `lich` asking the running one to open a window. It talks to the backend the way the CLI
 * does — one loopback POST with the runtime file's token in the query — because the server bundle
 * does not carry the CLI's client.
 */

import * as http from "node:http"
import { parseRpcEnvelope } from "@lich/contract"
import { Effect } from "effect"
import { WindowError } from "./Window.js"

/** 10 s: the running lich starts a browser process; it answers once the process is spawned. */
const OPEN_TIMEOUT_MS = 10_000

export const openWindowOn = (port: number, token: string, shell: string, flags: ReadonlyArray<string>) =>
  Effect.async<void, WindowError>((resume) => {
    const body = JSON.stringify({ shell, flags })
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/rpc/system.OpenWindow?token=${encodeURIComponent(token)}`,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) }
      },
      (res) => {
        let text = ""
        res.on("data", (d: Buffer) => (text += d.toString("utf8")))
        res.on("end", () => {
          if (res.statusCode === 200) return resume(Effect.void)
          // A body that is no envelope (not JSON, a bare 401) keeps the status line.
          const message = parseRpcEnvelope(text).error ?? `the running lich answered ${res.statusCode}`
          resume(Effect.fail(new WindowError({ message })))
        })
      }
    )
    req.setTimeout(OPEN_TIMEOUT_MS, () => req.destroy(new Error("no answer within 10 s")))
    req.on("error", (e) => resume(Effect.fail(new WindowError({ message: `could not reach the running lich: ${e.message}` }))))
    req.end(body)
  })
