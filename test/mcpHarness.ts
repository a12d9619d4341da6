/**
 * A stdio MCP client for the integration tests: the shipped bin/lich run as `lich mcp`, the way a
 * provider runs it, against a backend from harness.ts. Every reply is read as it arrives and matched
 * by id, and every line on stdout must be protocol (a line that is not JSON fails the test).
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, expect } from "vitest"
import { type Backend, lichBin, startBackend } from "./harness.js"

/** The fields of a result these tests read: initialize's, tools/list's and tools/call's. */
export interface McpResult {
  readonly protocolVersion?: string
  readonly serverInfo?: unknown
  readonly capabilities?: unknown
  readonly instructions?: string
  readonly tools?: ReadonlyArray<unknown>
  readonly content?: ReadonlyArray<{ readonly type: string; readonly text: string }>
  readonly isError?: boolean
}

export interface Reply {
  readonly jsonrpc: string
  readonly id: unknown
  readonly result?: McpResult
  readonly error?: { readonly code: number; readonly message: string }
}

/** A stdio MCP client: requests resolve with the reply carrying their id; `lines` is everything read, in order. */
export class McpClient {
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
    expect(r.result?.content).toHaveLength(1)
    const [content] = r.result?.content ?? []
    expect(content?.type).toBe("text")
    return { text: content?.text ?? "", isError: r.result?.isError === true }
  }

  close() {
    this.child.stdin.end()
    return this.exited
  }
}

/** What the backend wrote to runtime.json: its port and token. */
export const runtime = (b: Backend) => JSON.parse(fs.readFileSync(path.join(b.env.XDG_CONFIG_HOME!, "lich", "runtime.json"), "utf8"))

/** The environment a PTY hands its provider: the coordinates, as lich injects them. */
export const sessionEnv = (b: Backend, extra: NodeJS.ProcessEnv = {}) => {
  const r = runtime(b)
  return { ...b.env, LICH_PORT: String(r.port), LICH_TOKEN: r.token as string, ...extra }
}

/** `lich mcp` with this environment; what it writes to stderr goes to `onStderr`. */
export const startMcp = (env: NodeJS.ProcessEnv, onStderr: (text: string) => void) => {
  const child = spawn(lichBin, ["mcp"], { env, stdio: ["pipe", "pipe", "pipe"] })
  child.stderr.on("data", (d) => onStderr(String(d)))
  return new McpClient(child)
}

/** A backend and one `lich mcp` on it for a test file, started before its tests and stopped after; stderr gathers every client's. */
export const mcpRig = () => {
  const rig = {
    b: undefined as unknown as Backend,
    mcp: undefined as unknown as McpClient,
    stderr: "",
    start: (env: NodeJS.ProcessEnv) => startMcp(env, (text) => (rig.stderr += text))
  }
  beforeAll(async () => {
    rig.b = await startBackend()
    rig.mcp = rig.start(sessionEnv(rig.b))
  })
  afterAll(async () => {
    await rig.mcp?.close()
    await rig.b?.stop()
  })
  return rig
}
