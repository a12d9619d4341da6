/**
 * The fast path's one request: a POST to `/rpc/<group>.<Method>` over node:http, as client.ts makes
 * it, but answering only what the fast path can say for itself. A reply comes back whole; a backend
 * that is not there (no coordinates, or nothing listening on their port) is `down`; anything else —
 * unreadable coordinates, a dropped connection, no answer in time — is `other`, and the caller hands
 * the call to the full path, which makes it again and words the failure. Plain node, no `effect`.
 */
import * as http from "node:http"
// The build rewrites this to runtime.ts itself (scripts/build.mjs, deep-imports): the index also
// re-exports Singleton.ts, which is Effect.
import { coordinates } from "@lich/singleton"
import { DEFAULT_TIMEOUT_MS } from "../reach.js"

export type Outcome =
  | { readonly _tag: "reply"; readonly status: number; readonly body: string }
  | { readonly _tag: "down" }
  | { readonly _tag: "other" }

const locate = (): { port: number; token: string } | "down" | "other" => {
  try {
    return coordinates(process.env) ?? "down"
  } catch {
    return "other" // a runtime file that cannot be read: the full path says why in its own words
  }
}

export const post = (path: string, payload: unknown): Promise<Outcome> =>
  new Promise((resolve) => {
    const c = locate()
    if (typeof c === "string") return resolve({ _tag: c })
    const body = JSON.stringify(payload)
    const req = http.request(
      {
        host: "127.0.0.1",
        port: c.port,
        method: "POST",
        path: `${path}?token=${encodeURIComponent(c.token)}`,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) }
      },
      (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (d: Buffer) => chunks.push(d))
        res.on("end", () => resolve({ _tag: "reply", status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }))
        res.on("error", () => resolve({ _tag: "other" }))
      }
    )
    req.setTimeout(DEFAULT_TIMEOUT_MS, () => req.destroy(new Error("timeout")))
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ _tag: e.code === "ECONNREFUSED" ? "down" : "other" }))
    req.end(body)
  })
