/**
 * Reads `hooks/fixtures/*.jsonl` — the hook contracts as cases both the plugin and the server
 * assert — and checks each file's shape, so a malformed case fails loudly instead of testing nothing.
 */

import * as fs from "node:fs"
import * as http from "node:http"
import * as path from "node:path"
import { contracts, type HookPath, hookPaths } from "@lich/hooks"
import { root } from "./harness.js"

export interface FixtureCase {
  readonly path: HookPath
  readonly file: string
  readonly name: string
  /** The exact request body: the JSON of `body`, or `raw` as written. */
  readonly text: string
  readonly accept?: Readonly<Record<string, unknown>>
  readonly reject?: string
}

export const fixturesDir = path.join(root, "hooks", "fixtures")

const fail = (where: string, why: string): never => {
  throw new Error(`${where}: ${why}`)
}

export const loadFixtures = (): ReadonlyArray<FixtureCase> =>
  hookPaths.flatMap((p) => {
    const file = `${contracts[p].fixture}.jsonl`
    const lines = fs
      .readFileSync(path.join(fixturesDir, file), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
    const names = new Set<string>()
    return lines.map((line, i) => {
      const where = `${file}:${i + 1}`
      const c = JSON.parse(line) as Record<string, unknown>
      if (typeof c.name !== "string" || c.name === "") fail(where, "name is missing")
      const name = c.name as string
      if (names.has(name)) fail(where, `name "${name}" is not unique`)
      names.add(name)
      if ("body" in c === "raw" in c) fail(where, "needs exactly one of body / raw")
      if ("accept" in c === "reject" in c) fail(where, "needs exactly one of accept / reject")
      if ("raw" in c && typeof c.raw !== "string") fail(where, "raw must be a string")
      if ("reject" in c && typeof c.reject !== "string") fail(where, "reject must be prose")
      const text = "raw" in c ? (c.raw as string) : JSON.stringify(c.body)
      return {
        path: p,
        file,
        name,
        text,
        ...("accept" in c ? { accept: c.accept as Record<string, unknown> } : { reject: c.reject as string })
      }
    })
  })

export interface Reply {
  readonly status: number
  readonly text: string
}

/** One HTTP request to the backend; the token goes in the query, as every hook client sends it. */
export const request = (
  port: number,
  method: string,
  pathAndQuery: string,
  body?: string,
  headers: Readonly<Record<string, string>> = {}
) =>
  new Promise<Reply>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathAndQuery, method, headers }, (res) => {
      let text = ""
      res.setEncoding("utf8")
      res.on("data", (d: string) => (text += d))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on("error", reject)
    req.end(body)
  })

export const runtimeToken = (env: NodeJS.ProcessEnv): string =>
  (JSON.parse(fs.readFileSync(path.join(env.XDG_CONFIG_HOME!, "lich", "runtime.json"), "utf8")) as { token: string }).token
