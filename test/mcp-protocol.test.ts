/**
 * `lich mcp` as a provider runs it, over a real stdio pipe against a real backend: the handshake,
 * notifications, the tool list and the protocol's errors. Also the Codex registration:
 * `-c mcp_servers.lich.*` first, no token. The tools themselves: mcp-tools.test.ts.
 */

import * as fs from "node:fs"
import * as path from "node:path"
import { toolNames } from "@lich/contract"
import { describe, expect, it } from "vitest"
import { type AgentRecord, waitForJson } from "./harness.js"
import { mcpRig, runtime } from "./mcpHarness.js"

const rig = mcpRig()

describe("lich mcp over stdio", () => {
  it("initializes with the client's protocol version, serverInfo lich, the tools capability and instructions", async () => {
    const r = await rig.mcp.request("initialize", {
      protocolVersion: "2025-03-26",
      capabilities: {},
      clientInfo: { name: "it", version: "0" }
    })
    expect(r).toMatchObject({ jsonrpc: "2.0", id: 1 })
    expect(r.result?.protocolVersion).toBe("2025-03-26")
    expect(r.result?.serverInfo).toMatchObject({ name: "lich" })
    expect(r.result?.capabilities).toEqual({ tools: {} })
    const briefing = r.result?.instructions ?? ""
    for (const word of ["open_session", "worktree", "prompt", "[lich]", "wait_for_answer", "reply_to_session", "ticket"]) {
      expect(briefing).toContain(word)
    }
  })

  it("sends nothing back for a notification, and answers ping with {}", async () => {
    const before = rig.mcp.lines.length
    rig.mcp.notify("notifications/initialized")
    rig.mcp.notify("notifications/no-such-thing")
    const pong = await rig.mcp.request("ping")
    expect(pong.result).toEqual({})
    expect(rig.mcp.lines.slice(before)).toEqual([pong])
  })

  it("lists the fourteen tools and lich's own list_errands by their exact names, each with a schema, and readOnlyHint on the four list tools", async () => {
    const r = await rig.mcp.request("tools/list", {})
    const listed = r.result?.tools as Array<{ name: string; description: string; inputSchema: { type: string }; annotations?: unknown }>
    expect(listed.map((t) => t.name)).toEqual(toolNames)
    for (const t of listed) {
      expect(t.inputSchema.type).toBe("object")
      expect(t.description.length).toBeGreaterThan(20)
    }
    const readOnly = listed.filter((t) => t.annotations !== undefined)
    expect(readOnly.map((t) => [t.name, t.annotations])).toEqual([
      ["list_sessions", { readOnlyHint: true }],
      ["list_worktrees", { readOnlyHint: true }],
      ["list_folders", { readOnlyHint: true }],
      ["list_errands", { readOnlyHint: true }]
    ])
  })

  it("answers an unknown method with -32601, an unknown tool with -32602, and a line that is not JSON with -32700", async () => {
    expect((await rig.mcp.request("resources/list", {})).error?.code).toBe(-32601)
    expect((await rig.mcp.request("tools/call", { name: "make_coffee", arguments: {} })).error?.code).toBe(-32602)
    expect((await rig.mcp.request("tools/call", { arguments: {} })).error?.code).toBe(-32602)
    const before = rig.mcp.lines.length
    rig.mcp.send("{not json")
    const pong = await rig.mcp.request("ping")
    expect(rig.mcp.lines.slice(before)).toEqual([{ jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.any(String) } }, pong])
  })
})

describe("registration at spawn", () => {
  it("puts Codex's -c mcp_servers.lich overrides first, naming this lich and the mcp subcommand, with no token in argv", async () => {
    const project = rig.b.project("delta")
    const r = await rig.b.lich(["open", "--project", project, "--kind", "codex", "--json"])
    expect(r.code).toBe(0)
    const s = JSON.parse(r.stdout)
    const rec = await waitForJson<AgentRecord>(path.join(rig.b.env.FAKE_AGENT_LOG!, `${s.id}.json`))
    // --no-daemon and lich's hooks profile, then the registration, all ahead of any subcommand.
    expect(rec.argv.slice(0, 7)).toEqual([
      "--no-daemon",
      "--profile",
      "lich",
      "-c",
      `mcp_servers.lich.command=${JSON.stringify(rec.env.LICH_BIN)}`,
      "-c",
      'mcp_servers.lich.args=["mcp"]'
    ])
    // The profile is a file lich owns; the user's own config.toml is never written.
    const codexHome = path.join(rig.b.env.HOME!, ".codex")
    expect(fs.readFileSync(path.join(codexHome, "lich.config.toml"), "utf8")).toContain("report-state.sh' done")
    expect(fs.existsSync(path.join(codexHome, "config.toml"))).toBe(false)
    expect(path.basename(rec.env.LICH_BIN!)).toBe("lich")
    const token = runtime(rig.b).token as string
    expect(rec.argv.join(" ")).not.toContain(token)
    expect(fs.readFileSync(`/proc/${rec.pid}/cmdline`, "utf8")).not.toContain(token)
    expect(rec.env.LICH_TOKEN).toBe(token)
    expect((await rig.b.lich(["close", s.id])).code).toBe(0)
  })
})
