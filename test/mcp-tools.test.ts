/**
 * The MCP tools through the shipped `lich mcp`, against a live backend: each call's text and isError
 * are the CLI's own words, refusals come before anything reaches lich, and the server speaks as the
 * session in LICH_SESSION_ID. The protocol around them: mcp-protocol.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { mcpRig, sessionEnv } from "./mcpHarness.js"

const rig = mcpRig()

describe("the session tools against a live backend", () => {
  let project: string

  beforeAll(() => {
    project = rig.b.project("gamma")
  })

  it("lists no sessions as [] and then the one opened from the command line, as the roster's JSON", async () => {
    expect(await rig.mcp.tool("list_sessions")).toEqual({ text: "[]", isError: false })
    const opened = await rig.b.lich(["open", "--project", project, "--kind", "shell", "--json"])
    expect(opened.code).toBe(0)
    const s = JSON.parse(opened.stdout)
    const listed = await rig.mcp.tool("list_sessions")
    expect(listed.isError).toBe(false)
    expect(JSON.parse(listed.text)).toEqual([
      { label: "Session 1", name: s.name, project: "gamma", kind: "shell", state: "", id: s.id, path: project, projectPath: project }
    ])
  })

  it("renames a session and the roster shows the new name", async () => {
    expect(await rig.mcp.tool("rename_session", { session: "Session 1", label: "mcp-renamed" })).toEqual({
      text: 'Renamed "Session 1" to "mcp-renamed".',
      isError: false
    })
    expect(JSON.parse((await rig.mcp.tool("list_sessions")).text).map((p: { label: string }) => p.label)).toEqual(["mcp-renamed"])
  })

  it("refuses to rename its own session when it runs outside one", async () => {
    const r = await rig.mcp.tool("rename_session", { label: "x" })
    expect(r.isError).toBe(true)
    expect(r.text).toMatch(/not running inside a lich session/)
  })

  it("answers a session that does not exist with isError and the live sessions, not a protocol error", async () => {
    const r = await rig.mcp.tool("close_session", { session: "nope" })
    expect(r.isError).toBe(true)
    expect(r.text).toMatch(/^no session named "nope"\. Live sessions: "mcp-renamed" \(gamma-\w{4}\)\.$/)
    const control = await rig.mcp.tool("control_session", { session: "nope", action: "abort" })
    expect(control.isError).toBe(true)
    expect(control.text).toMatch(/^no live session named "nope"\. Live sessions: "mcp-renamed"/)
  })

  it("refuses control_session and ask_session for a session with no plugin mod, for the reason that applies to its kind", async () => {
    const control = await rig.mcp.tool("control_session", { session: "mcp-renamed", action: "prompt", value: "go on" })
    expect(control.isError).toBe(true)
    expect(control.text).toMatch(
      /^"mcp-renamed" runs Shell, which has nothing inside it lich could hand a command to: only a Claude Code session with lich's plugin mod polling takes these$/
    )
    const ask = await rig.mcp.tool("ask_session", { session: "MCP-RENAMED", question: "what are you doing?" })
    expect(ask).toEqual(control)

    const claude = JSON.parse((await rig.b.lich(["open", "--project", project, "--kind", "claude", "--json"])).stdout)
    const refused = await rig.mcp.tool("ask_session", { session: claude.name, question: "status?" })
    expect(refused.isError).toBe(true)
    expect(refused.text).toMatch(
      new RegExp(
        `^"${claude.label}" cannot take commands: lich's plugin mod is not polling in it\\. It needs Claude Code 2\\.1\\.280 or later in a folder Claude Code trusts`
      )
    )
    expect((await rig.b.lich(["close", claude.id])).code).toBe(0)
  })

  it("refuses control_session without an action, and with one the contract does not have", async () => {
    expect(await rig.mcp.tool("control_session", { session: "mcp-renamed" })).toMatchObject({
      isError: true,
      text: expect.stringMatching(/^action is required/)
    })
    expect(await rig.mcp.tool("control_session", { session: "mcp-renamed", action: "reboot" })).toMatchObject({
      isError: true,
      text: expect.stringMatching(/^action takes prompt, abort, model, effort, command, not "reboot"/)
    })
  })

  it("refuses each required field left out, naming it, before anything reaches lich", async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["send_to_session", { prompt: "do it" }, "session"],
      ["send_to_session", { session: "mcp-renamed" }, "prompt"],
      ["reply_to_session", { ticket: "a1b2c3d4" }, "answer"],
      ["close_session", {}, "session"],
      ["rename_session", { session: "mcp-renamed" }, "label"],
      ["ask_session", { session: "mcp-renamed" }, "question"],
      ["file_session", { session: "mcp-renamed" }, "folder"],
      ["rename_folder", { to: "B" }, "folder"],
      ["rename_folder", { folder: "A" }, "to"],
      ["color_folder", { color: "red" }, "folder"],
      ["color_folder", { folder: "A" }, "color"],
      ["color_folder", { folder: "A", color: null }, "color"]
    ]
    for (const [tool, args, field] of cases) {
      const r = await rig.mcp.tool(tool, args)
      expect([tool, r.isError, r.text.startsWith(`${field} is required: `)]).toEqual([tool, true, true])
    }
  })

  it("passes an empty folder, to or color through rather than refusing it: there, empty means something", async () => {
    for (const [tool, args] of [
      ["file_session", { session: "mcp-renamed", folder: "" }],
      ["rename_folder", { folder: "A", to: "" }],
      ["color_folder", { folder: "A", color: "" }]
    ] as const) {
      const r = await rig.mcp.tool(tool, args)
      expect(r.text).not.toMatch(/is required/)
    }
  })

  it("refuses private without a prompt before anything is opened", async () => {
    const r = await rig.mcp.tool("open_session", { project, kind: "shell", private: "true" })
    expect(r.isError).toBe(true)
    expect(r.text).toMatch(/no prompt/)
    expect(JSON.parse((await rig.mcp.tool("list_sessions")).text)).toHaveLength(1)
  })

  it("opens a session with the CLI's words, and closes it", async () => {
    const opened = await rig.mcp.tool("open_session", { project: "gamma", kind: "shell" })
    expect(opened.isError).toBe(false)
    expect(opened.text).toMatch(
      /^Opened session "Session \d+" \(shell\) in project "gamma"\.\nIt answers to "Session \d+" and to "gamma-\w{4}"\./
    )
    const label = /^Opened session "([^"]+)"/.exec(opened.text)![1]!
    expect(await rig.mcp.tool("close_session", { session: label, project: "gamma" })).toEqual({
      text: `Closed "${label}".`,
      isError: false
    })
    expect(await rig.mcp.tool("close_session", { session: "mcp-renamed", project: 42 })).toMatchObject({ isError: true })
    expect(await rig.mcp.tool("close_session", { session: "mcp-renamed" })).toEqual({ text: 'Closed "mcp-renamed".', isError: false })
    expect(await rig.mcp.tool("list_sessions")).toEqual({ text: "[]", isError: false })
  })

  it("keeps the session it opened when the task cannot be handed over, and says so in a successful result", async () => {
    const r = await rig.mcp.tool("open_session", { project: "gamma", kind: "shell", prompt: "x".repeat(9000) })
    expect(r.isError).toBe(false)
    const label = /^Opened session "([^"]+)" \(shell\)/.exec(r.text)![1]!
    expect(r.text).toMatch(
      new RegExp(
        `\\nThe session is open, but the task did not reach it: .+ — hand it over with send_to_session \\(session "${label}"\\)\\.$`
      )
    )
    expect(JSON.parse((await rig.mcp.tool("list_sessions")).text).map((p: { label: string }) => p.label)).toEqual([label])
    expect((await rig.mcp.tool("close_session", { session: label })).isError).toBe(false)
  })

  it("speaks as the session in LICH_SESSION_ID, as the CLI does: left out of the roster, renamed without a name, never its own target", async () => {
    const s = JSON.parse((await rig.b.lich(["open", "--project", project, "--kind", "shell", "--json"])).stdout)
    const inside = rig.start(sessionEnv(rig.b, { LICH_SESSION_ID: s.id }))
    expect(await inside.tool("list_sessions")).toEqual({ text: "[]", isError: false })
    expect(await inside.tool("rename_session", { label: "me" })).toEqual({ text: `Renamed "${s.label}" to "me".`, isError: false })
    const control = await inside.tool("control_session", { session: "me", action: "abort" })
    expect(control).toEqual({ text: '"me" is this session, and a session cannot control itself', isError: true })
    expect(await inside.tool("close_session", { session: "me" })).toMatchObject({
      isError: true,
      text: expect.stringMatching(/^"me" is this session/)
    })
    expect(await inside.close()).toBe(0)
    expect(await rig.mcp.tool("close_session", { session: "me" })).toEqual({ text: 'Closed "me".', isError: false })
  })

  it("keeps stdout to protocol and nothing else, and exits 0 when the client closes stdin", async () => {
    const other = rig.start(sessionEnv(rig.b))
    const pong = await other.request("ping")
    expect(pong.result).toEqual({})
    expect(await other.close()).toBe(0)
    expect(other.lines).toEqual([pong])
    expect(rig.stderr).toBe("")
  })
})
