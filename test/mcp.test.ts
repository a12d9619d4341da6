/**
 * `lich mcp` as a provider runs it: the shipped bin/lich, a real stdio pipe, one JSON-RPC message per
 * line, against a real backend. Every reply is read as it arrives, matched by id, and every line on
 * stdout must be protocol. Also the Codex registration: `-c mcp_servers.lich.*` first, no token.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentRecord, type Backend, lichBin, startBackend, waitForJson } from "./harness.js"

interface Reply {
  readonly jsonrpc: string
  readonly id: unknown
  readonly result?: any
  readonly error?: { readonly code: number; readonly message: string }
}

/** A stdio MCP client: requests resolve with the reply carrying their id; `lines` is everything read, in order. */
class McpClient {
  readonly lines: Array<Reply> = []
  private readonly waiting = new Map<string, (r: Reply) => void>()
  private next = 0
  private rest = ""
  readonly exited: Promise<number | null>

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding("utf8")
    child.stdout.on("data", (chunk: string) => {
      const parts = (this.rest + chunk).split("\n")
      this.rest = parts.pop()!
      for (const line of parts) {
        const reply = JSON.parse(line) as Reply // a line that is not JSON fails the test here
        this.lines.push(reply)
        const key = JSON.stringify(reply.id)
        this.waiting.get(key)?.(reply)
        this.waiting.delete(key)
      }
    })
    this.exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)))
  }

  send(message: unknown) {
    this.child.stdin.write(`${typeof message === "string" ? message : JSON.stringify(message)}\n`)
  }

  request(method: string, params?: unknown, id: string | number = ++this.next): Promise<Reply> {
    return new Promise((resolve) => {
      this.waiting.set(JSON.stringify(id), resolve)
      this.send({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) })
    })
  }

  notify(method: string, params?: unknown) {
    this.send({ jsonrpc: "2.0", method, ...(params === undefined ? {} : { params }) })
  }

  /** The text of a tools/call result, and whether it is an error. */
  async tool(name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean }> {
    const r = await this.request("tools/call", { name, arguments: args })
    expect(r.error).toBeUndefined()
    expect(r.result.content).toHaveLength(1)
    expect(r.result.content[0].type).toBe("text")
    return { text: r.result.content[0].text, isError: r.result.isError === true }
  }

  close() {
    this.child.stdin.end()
    return this.exited
  }
}

let b: Backend
let mcp: McpClient
let stderr = ""

const runtime = () => JSON.parse(fs.readFileSync(path.join(b.env.XDG_CONFIG_HOME!, "lich", "runtime.json"), "utf8"))

/** The environment a PTY hands its provider: the coordinates, as lich injects them. */
const sessionEnv = (extra: NodeJS.ProcessEnv = {}) => {
  const r = runtime()
  return { ...b.env, LICH_PORT: String(r.port), LICH_TOKEN: r.token as string, ...extra }
}

const startMcp = (env: NodeJS.ProcessEnv) => {
  const child = spawn(lichBin, ["mcp"], { env, stdio: ["pipe", "pipe", "pipe"] })
  child.stderr.on("data", (d) => (stderr += d))
  return new McpClient(child)
}

beforeAll(async () => {
  b = await startBackend()
  mcp = startMcp(sessionEnv())
})
afterAll(async () => {
  await mcp?.close()
  await b?.stop()
})

const toolNames = [
  "list_sessions",
  "send_to_session",
  "wait_for_answer",
  "reply_to_session",
  "open_session",
  "close_session",
  "rename_session",
  "control_session",
  "ask_session",
  "list_worktrees",
  "list_folders",
  "file_session",
  "rename_folder",
  "color_folder"
]

describe("lich mcp over stdio", () => {
  it("initializes with the client's protocol version, serverInfo lich, the tools capability and instructions", async () => {
    const r = await mcp.request("initialize", { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "it", version: "0" } })
    expect(r).toMatchObject({ jsonrpc: "2.0", id: 1 })
    expect(r.result.protocolVersion).toBe("2025-03-26")
    expect(r.result.serverInfo).toMatchObject({ name: "lich" })
    expect(r.result.capabilities).toEqual({ tools: {} })
    const briefing: string = r.result.instructions
    for (const word of ["open_session", "worktree", "prompt", "[lich]", "wait_for_answer", "reply_to_session", "ticket"]) {
      expect(briefing).toContain(word)
    }
  })

  it("sends nothing back for a notification, and answers ping with {}", async () => {
    const before = mcp.lines.length
    mcp.notify("notifications/initialized")
    mcp.notify("notifications/no-such-thing")
    const pong = await mcp.request("ping")
    expect(pong.result).toEqual({})
    expect(mcp.lines.slice(before)).toEqual([pong])
  })

  it("lists the fourteen tools by their exact names, each with a schema, and readOnlyHint on the three list tools", async () => {
    const r = await mcp.request("tools/list", {})
    const listed = r.result.tools as Array<{ name: string; description: string; inputSchema: { type: string }; annotations?: unknown }>
    expect(listed.map((t) => t.name)).toEqual(toolNames)
    for (const t of listed) {
      expect(t.inputSchema.type).toBe("object")
      expect(t.description.length).toBeGreaterThan(20)
    }
    const readOnly = listed.filter((t) => t.annotations !== undefined)
    expect(readOnly.map((t) => [t.name, t.annotations])).toEqual([
      ["list_sessions", { readOnlyHint: true }],
      ["list_worktrees", { readOnlyHint: true }],
      ["list_folders", { readOnlyHint: true }]
    ])
  })

  it("answers an unknown method with -32601, an unknown tool with -32602, and a line that is not JSON with -32700", async () => {
    expect((await mcp.request("resources/list", {})).error?.code).toBe(-32601)
    expect((await mcp.request("tools/call", { name: "make_coffee", arguments: {} })).error?.code).toBe(-32602)
    expect((await mcp.request("tools/call", { arguments: {} })).error?.code).toBe(-32602)
    const before = mcp.lines.length
    mcp.send("{not json")
    const pong = await mcp.request("ping")
    expect(mcp.lines.slice(before)).toEqual([{ jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.any(String) } }, pong])
  })
})

describe("the session tools against a live backend", () => {
  let project: string

  beforeAll(() => {
    project = b.project("gamma")
  })

  it("lists no sessions as [] and then the one opened from the command line, as the roster's JSON", async () => {
    expect(await mcp.tool("list_sessions")).toEqual({ text: "[]", isError: false })
    const opened = await b.lich(["open", "--project", project, "--kind", "shell", "--json"])
    expect(opened.code).toBe(0)
    const s = JSON.parse(opened.stdout)
    const listed = await mcp.tool("list_sessions")
    expect(listed.isError).toBe(false)
    expect(JSON.parse(listed.text)).toEqual([
      { label: "Session 1", name: s.name, project: "gamma", kind: "shell", state: "", id: s.id, path: project, projectPath: project }
    ])
  })

  it("renames a session and the roster shows the new name", async () => {
    expect(await mcp.tool("rename_session", { session: "Session 1", label: "mcp-renamed" })).toEqual({
      text: 'Renamed "Session 1" to "mcp-renamed".',
      isError: false
    })
    expect(JSON.parse((await mcp.tool("list_sessions")).text).map((p: { label: string }) => p.label)).toEqual(["mcp-renamed"])
  })

  it("refuses to rename its own session when it runs outside one", async () => {
    const r = await mcp.tool("rename_session", { label: "x" })
    expect(r.isError).toBe(true)
    expect(r.text).toMatch(/not running inside a lich session/)
  })

  it("answers a session that does not exist with isError and the live sessions, not a protocol error", async () => {
    const r = await mcp.tool("close_session", { session: "nope" })
    expect(r.isError).toBe(true)
    expect(r.text).toMatch(/^no session named "nope"\. Live sessions: "mcp-renamed" \(gamma-\w{4}\)\.$/)
    const control = await mcp.tool("control_session", { session: "nope", action: "abort" })
    expect(control.isError).toBe(true)
    expect(control.text).toMatch(/^no live session named "nope"\. Live sessions: "mcp-renamed"/)
  })

  it("refuses control_session and ask_session for a session with no plugin mod, for the reason that applies to its kind", async () => {
    const control = await mcp.tool("control_session", { session: "mcp-renamed", action: "prompt", value: "go on" })
    expect(control.isError).toBe(true)
    expect(control.text).toMatch(/^"mcp-renamed" runs Shell, which has nothing inside it lich could hand a command to: only a Claude Code session with lich's plugin mod polling takes these$/)
    const ask = await mcp.tool("ask_session", { session: "MCP-RENAMED", question: "what are you doing?" })
    expect(ask).toEqual(control)

    const claude = JSON.parse((await b.lich(["open", "--project", project, "--kind", "claude", "--json"])).stdout)
    const refused = await mcp.tool("ask_session", { session: claude.name, question: "status?" })
    expect(refused.isError).toBe(true)
    expect(refused.text).toMatch(new RegExp(`^"${claude.label}" cannot take commands: lich's plugin mod is not polling in it\\. It needs Claude Code 2\\.1\\.280 or later in a folder Claude Code trusts`))
    expect((await b.lich(["close", claude.id])).code).toBe(0)
  })

  it("refuses control_session without an action, and with one the contract does not have", async () => {
    expect(await mcp.tool("control_session", { session: "mcp-renamed" })).toMatchObject({ isError: true, text: expect.stringMatching(/^action is required/) })
    expect(await mcp.tool("control_session", { session: "mcp-renamed", action: "reboot" })).toMatchObject({
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
      const r = await mcp.tool(tool, args)
      expect([tool, r.isError, r.text.startsWith(`${field} is required: `)]).toEqual([tool, true, true])
    }
  })

  it("passes an empty folder, to or color through rather than refusing it: there, empty means something", async () => {
    for (const [tool, args] of [
      ["file_session", { session: "mcp-renamed", folder: "" }],
      ["rename_folder", { folder: "A", to: "" }],
      ["color_folder", { folder: "A", color: "" }]
    ] as const) {
      const r = await mcp.tool(tool, args)
      expect(r.text).not.toMatch(/is required/)
    }
  })

  it("refuses private without a prompt before anything is opened", async () => {
    const r = await mcp.tool("open_session", { project, kind: "shell", private: "true" })
    expect(r.isError).toBe(true)
    expect(r.text).toMatch(/no prompt/)
    expect(JSON.parse((await mcp.tool("list_sessions")).text)).toHaveLength(1)
  })

  it("opens a session with the CLI's words, and closes it", async () => {
    const opened = await mcp.tool("open_session", { project: "gamma", kind: "shell" })
    expect(opened.isError).toBe(false)
    expect(opened.text).toMatch(/^Opened session "Session \d+" \(shell\) in project "gamma"\.\nIt answers to "Session \d+" and to "gamma-\w{4}"\./)
    const label = /^Opened session "([^"]+)"/.exec(opened.text)![1]!
    expect(await mcp.tool("close_session", { session: label, project: "gamma" })).toEqual({ text: `Closed "${label}".`, isError: false })
    expect(await mcp.tool("close_session", { session: "mcp-renamed", project: 42 })).toMatchObject({ isError: true })
    expect(await mcp.tool("close_session", { session: "mcp-renamed" })).toEqual({ text: 'Closed "mcp-renamed".', isError: false })
    expect(await mcp.tool("list_sessions")).toEqual({ text: "[]", isError: false })
  })

  it("keeps the session it opened when the task cannot be handed over, and says so in a successful result", async () => {
    const r = await mcp.tool("open_session", { project: "gamma", kind: "shell", prompt: "x".repeat(9000) })
    expect(r.isError).toBe(false)
    const label = /^Opened session "([^"]+)" \(shell\)/.exec(r.text)![1]!
    expect(r.text).toMatch(new RegExp(`\\nThe session is open, but the task did not reach it: .+ — hand it over with send_to_session \\(session "${label}"\\)\\.$`))
    expect(JSON.parse((await mcp.tool("list_sessions")).text).map((p: { label: string }) => p.label)).toEqual([label])
    expect((await mcp.tool("close_session", { session: label })).isError).toBe(false)
  })

  it("speaks as the session in LICH_SESSION_ID, as the CLI does: left out of the roster, renamed without a name, never its own target", async () => {
    const s = JSON.parse((await b.lich(["open", "--project", project, "--kind", "shell", "--json"])).stdout)
    const inside = startMcp(sessionEnv({ LICH_SESSION_ID: s.id }))
    expect(await inside.tool("list_sessions")).toEqual({ text: "[]", isError: false })
    expect(await inside.tool("rename_session", { label: "me" })).toEqual({ text: `Renamed "${s.label}" to "me".`, isError: false })
    const control = await inside.tool("control_session", { session: "me", action: "abort" })
    expect(control).toEqual({ text: '"me" is this session, and a session cannot control itself', isError: true })
    expect(await inside.tool("close_session", { session: "me" })).toMatchObject({ isError: true, text: expect.stringMatching(/^"me" is this session/) })
    expect(await inside.close()).toBe(0)
    expect(await mcp.tool("close_session", { session: "me" })).toEqual({ text: 'Closed "me".', isError: false })
  })

  it("keeps stdout to protocol and nothing else, and exits 0 when the client closes stdin", async () => {
    const other = startMcp(sessionEnv())
    const pong = await other.request("ping")
    expect(pong.result).toEqual({})
    expect(await other.close()).toBe(0)
    expect(other.lines).toEqual([pong])
    expect(stderr).toBe("")
  })
})

describe("registration at spawn", () => {
  it("puts Codex's -c mcp_servers.lich overrides first, naming this lich and the mcp subcommand, with no token in argv", async () => {
    const project = b.project("delta")
    const r = await b.lich(["open", "--project", project, "--kind", "codex", "--json"])
    expect(r.code).toBe(0)
    const s = JSON.parse(r.stdout)
    const rec = await waitForJson<AgentRecord>(path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.json`))
    // --no-daemon and lich's hooks profile, then the registration, all ahead of any subcommand.
    expect(rec.argv.slice(0, 7)).toEqual([
      "--no-daemon", "--profile", "lich",
      "-c", `mcp_servers.lich.command=${JSON.stringify(rec.env.LICH_BIN)}`, "-c", 'mcp_servers.lich.args=["mcp"]'
    ])
    // The profile is a file lich owns; the user's own config.toml is never written.
    const codexHome = path.join(b.env.HOME!, ".codex")
    expect(fs.readFileSync(path.join(codexHome, "lich.config.toml"), "utf8")).toContain("report-state.sh' done")
    expect(fs.existsSync(path.join(codexHome, "config.toml"))).toBe(false)
    expect(path.basename(rec.env.LICH_BIN!)).toBe("lich")
    const token = runtime().token as string
    expect(rec.argv.join(" ")).not.toContain(token)
    expect(fs.readFileSync(`/proc/${rec.pid}/cmdline`, "utf8")).not.toContain(token)
    expect(rec.env.LICH_TOKEN).toBe(token)
    expect((await b.lich(["close", s.id])).code).toBe(0)
  })
})
