/**
 * Codex's hook payloads (recorded from Codex 0.169.0, test/fixtures/codex/) through the very commands
 * lich's Codex profile registers, against a listener standing in for lich: what each event reports.
 */
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { codexHooks } from "./hooks.js"

const root = path.join(__dirname, "..", "..", "..", "..")
const scripts = path.join(root, "hooks", "hooks")
const fixture = fs
  .readFileSync(path.join(root, "test", "fixtures", "codex", "hooks-0.169.0.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as { event: string; payload: Record<string, unknown> })

interface Seen {
  readonly path: string
  readonly body: Record<string, string>
}

let server: http.Server
let port = 0
const seen: Array<Seen> = []
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lich-codex-hooks-"))

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = ""
    req.on("data", (d) => (raw += d))
    req.on("end", () => {
      seen.push({ path: (req.url ?? "").split("?")[0]!, body: JSON.parse(raw) as Record<string, string> })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise((r) => server.close(r))
  fs.rmSync(tmp, { recursive: true, force: true })
})

/** Runs every hook lich registers for `event`, as Codex does (sh -c, the payload on stdin). */
const fire = (event: string, payload: unknown) =>
  Promise.all(
    codexHooks
      .filter(
        (h) =>
          h.event === event &&
          (h.matcher === undefined || new RegExp(`^(${h.matcher})$`).test(String((payload as { tool_name?: string }).tool_name)))
      )
      .map(
        (h) =>
          new Promise<number>((resolve) => {
            const command = [`'${path.join(scripts, h.script)}'`, ...(h.args ?? [])].join(" ")
            const env = { PATH: process.env.PATH, LICH_PORT: String(port), LICH_TOKEN: "ab12", LICH_SESSION_ID: "card-1", TMPDIR: tmp }
            const child = execFile("sh", ["-c", command], { env }, (err) => resolve(err ? ((err as { code?: number }).code ?? 1) : 0))
            child.stdin!.end(JSON.stringify(payload))
          })
      )
  )

const bodyOf = (event: string) => fixture.find((f) => f.event === event)!.payload

describe("Codex's hooks, as lich registers them", () => {
  it("report the conversation id for resume at SessionStart", async () => {
    seen.length = 0
    expect(await fire("SessionStart", bodyOf("SessionStart"))).toEqual([0])
    expect(seen).toEqual([
      {
        path: "/session-start",
        body: { session_id: "card-1", provider_session_id: "01a2315b-8fd4-72a0-9e53-f8c64c7a998f", provider: "codex" }
      }
    ])
  })

  it("report busy and the title from the first prompt at UserPromptSubmit", async () => {
    seen.length = 0
    await fire("UserPromptSubmit", bodyOf("UserPromptSubmit"))
    expect(seen.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: "/hook", body: { session_id: "card-1", state: "busy" } },
      { path: "/session-title", body: { session_id: "card-1", title: "PING one" } }
    ])
  })

  it("report busy with the command at PreToolUse", async () => {
    seen.length = 0
    await fire("PreToolUse", bodyOf("PreToolUse"))
    expect(seen).toEqual([{ path: "/hook", body: { session_id: "card-1", state: "busy", tool: "Bash", detail: "touch /proof" } }])
  })

  it("report waiting with what asks at PermissionRequest, and exit 0 (2 would deny)", async () => {
    seen.length = 0
    expect(await fire("PermissionRequest", bodyOf("PermissionRequest"))).toEqual([0])
    expect(seen).toEqual([
      { path: "/hook", body: { session_id: "card-1", state: "waiting", reason: "permission to run Bash: touch /proof" } }
    ])
  })

  it("report touched files after a Bash call, and done at Stop", async () => {
    seen.length = 0
    await fire("PostToolUse", { ...bodyOf("PreToolUse"), hook_event_name: "PostToolUse", tool_response: "" })
    expect(seen.map((s) => s.path).sort()).toEqual(["/hook", "/session-touched"])
    seen.length = 0
    await fire("Stop", bodyOf("Stop"))
    expect(seen).toEqual([{ path: "/hook", body: { session_id: "card-1", state: "done" } }])
  })
})
