import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { type Block, blocks, id, type Message, newestPrompt, stream, substitute } from "./anthropicWire.js"

export interface ToolUse {
  readonly name: string
  readonly input: Readonly<Record<string, unknown>>
}

/** One model response: optional text, then optional tool call, or a final text. */
export interface Step {
  readonly textBefore?: string
  readonly toolUse?: ToolUse
  readonly text?: string
  /** Held after message_start, before any content: a turn slow enough to abort. */
  readonly delayMs?: number
}

export interface Rule {
  readonly match: RegExp
  readonly steps: ReadonlyArray<Step>
  /**
   * Which requests it answers: "main" (the default) those carrying a tool list — the conversation's
   * own turns — "side" those without (titles, topic checks), "any" both.
   */
  readonly on?: "main" | "side" | "any"
}

export interface Logged {
  readonly n: number
  readonly path: string
  /** The request's `model` field (what a model override must change). */
  readonly model: string
  /** The newest user text block, system reminders stripped: what the rules matched against. */
  readonly prompt: string
  /** Every user text block of the request, joined: what a test reads to see what entered the conversation. */
  readonly conversation: string
  readonly tools: ReadonlyArray<string>
  readonly kind: "main" | "side"
  /** Which step of the matched rule was served, and the rule's regex source; absent on no match. */
  readonly step: number
  readonly rule?: string
  readonly reply: ReadonlyArray<string>
  /** The tool results sent back since that prompt, as JSON: what the tools this turn ran returned. */
  readonly toolResults: ReadonlyArray<string>
  /** Set on requests a subagent makes (Claude Code's x-claude-code-agent-id header). */
  readonly agentId?: string
  /** Resolves with "complete" when the whole stream was written, "aborted" when the client hung up first. */
  readonly ended: Promise<"complete" | "aborted">
}

const MODELS = ["claude-sonnet-4-5-20250929", "claude-opus-4-1-20250805", "claude-haiku-4-5-20251001"]

/** What a request is answered with: the matched rule's step, where its prompt sits, and how long to hold. */
interface Plan {
  readonly at: number
  readonly text: string
  readonly step: number
  readonly rule: string | undefined
  readonly content: ReadonlyArray<Block>
  readonly delayMs: number
}

interface RequestBody {
  readonly model?: string
  readonly stream?: boolean
  readonly messages?: ReadonlyArray<Message>
  readonly tools?: ReadonlyArray<{ name: string }>
}

/** A request as the log keeps it for the tests to read: what came in and what it was answered. */
const logged = (body: RequestBody, kind: "main" | "side", p: Plan, agentHeader: unknown): Omit<Logged, "n" | "ended"> => {
  const messages = body.messages ?? []
  return {
    path: "/v1/messages",
    model: body.model ?? "",
    prompt: p.text,
    conversation: messages
      .filter((m) => m.role === "user")
      .flatMap((m) => blocks(m))
      .filter((b) => b.type === "text")
      .map((b) => b.text ?? "")
      .join("\n"),
    tools: (body.tools ?? []).map((t) => t.name),
    kind,
    step: p.step,
    ...(p.rule === undefined ? {} : { rule: p.rule }),
    reply: p.content.map((b) => (b.type === "text" ? `text:${b.text.slice(0, 60)}` : `tool_use:${b.name}`)),
    toolResults: messages
      .slice(p.at + 1)
      .filter((m) => m.role === "user")
      .flatMap((m) => blocks(m))
      .filter((b) => b.type === "tool_result")
      // 4000 characters: enough for a subagent's hand-back (a preamble, then the report and its checkout).
      .map((b) => JSON.stringify(b).slice(0, 4000)),
    ...(typeof agentHeader === "string" ? { agentId: agentHeader } : {})
  }
}

interface Waiter {
  readonly test: (e: Logged) => boolean
  remaining: number
  readonly resolve: (e: Logged) => void
}

export class MockAnthropic {
  readonly log: Array<Logged> = []
  /** Scripted turns, first match wins; tests push their own. */
  readonly rules: Array<Rule> = []
  /** Sent with every Messages answer from now on: the rate-limit headers Claude Code turns into its plan windows. */
  readonly headers: Record<string, string> = {}
  /** The text of a request no rule (or no remaining step) answers: titles, topic checks, suggestions. */
  fallback = "ok"
  private readonly waiters: Array<Waiter> = []
  private readonly server = http.createServer((req, res) => this.handle(req, res))
  port = 0

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve))
    this.port = (this.server.address() as AddressInfo).port
    return this
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  /** Resolves with the `nth` logged request (counting those already seen) that passes `test`. */
  waitFor(test: (e: Logged) => boolean, nth = 1): Promise<Logged> {
    return new Promise((resolve) => {
      const seen = this.log.filter(test)
      if (seen.length >= nth) return resolve(seen[nth - 1]!)
      this.waiters.push({ test, remaining: nth - seen.length, resolve })
    })
  }

  /** Resolves with the next request from now on that passes `test`. */
  next(test: (e: Logged) => boolean): Promise<Logged> {
    return new Promise((resolve) => this.waiters.push({ test, remaining: 1, resolve }))
  }

  close(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }

  private record(e: Logged) {
    this.log.push(e)
    for (const w of [...this.waiters]) {
      if (w.test(e) && --w.remaining === 0) {
        this.waiters.splice(this.waiters.indexOf(w), 1)
        w.resolve(e)
      }
    }
  }

  /** The content this request gets: the matched rule's step, else the fallback text. */
  private plan(messages: ReadonlyArray<Message>, kind: "main" | "side"): Plan {
    const { at, text } = newestPrompt(messages)
    const step = messages.slice(at + 1).filter((m) => m.role === "assistant").length
    for (const r of this.rules) {
      if ((r.on ?? "main") !== kind && r.on !== "any") continue
      const m = r.match.exec(text)
      if (m === null) continue
      const s = r.steps[step]
      if (s === undefined) break
      const chosen = substitute(s, m) as Step
      const content: Array<Block> = []
      if (chosen.textBefore !== undefined) content.push({ type: "text", text: chosen.textBefore })
      if (chosen.toolUse !== undefined)
        content.push({ type: "tool_use", id: id("toolu_"), name: chosen.toolUse.name, input: chosen.toolUse.input })
      if (chosen.text !== undefined) content.push({ type: "text", text: chosen.text })
      return { at, text, step, rule: r.match.source, content, delayMs: chosen.delayMs ?? 0 }
    }
    return { at, text, step, rule: undefined, content: [{ type: "text", text: this.fallback } as Block], delayMs: 0 }
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://mock")
      const raw = Buffer.concat(chunks).toString("utf8")
      if (req.method === "POST" && url.pathname === "/v1/messages") return this.messages(req, res, raw)
      if (req.method === "POST" && url.pathname === "/v1/messages/count_tokens") {
        res.writeHead(200, { "content-type": "application/json" })
        return res.end(JSON.stringify({ input_tokens: Math.ceil(raw.length / 4) }))
      }
      if (req.method === "GET" && url.pathname.startsWith("/v1/models")) {
        const model = (m: string) => ({ type: "model", id: m, display_name: m, created_at: "2025-01-01T00:00:00Z" })
        const one = url.pathname.split("/")[3]
        res.writeHead(200, { "content-type": "application/json" })
        if (one !== undefined && one !== "") return res.end(JSON.stringify(model(one)))
        return res.end(
          JSON.stringify({ data: MODELS.map(model), has_more: false, first_id: MODELS[0], last_id: MODELS[MODELS.length - 1] })
        )
      }
      res.writeHead(404, { "content-type": "application/json" })
      res.end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: `mock: no ${req.method} ${url.pathname}` } }))
    })
  }

  private messages(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const body = JSON.parse(raw) as RequestBody
    const messages = body.messages ?? []
    const kind = (body.tools ?? []).length > 0 ? "main" : "side"
    const p = this.plan(messages, kind)
    let finish: (how: "complete" | "aborted") => void = () => undefined
    const ended = new Promise<"complete" | "aborted">((r) => (finish = r))
    // Resolves only if the client hangs up mid-stream (an abort): what a held step waits on besides its delay.
    let hangUp: () => void = () => undefined
    const hungUp = new Promise<void>((r) => (hangUp = r))
    res.on("close", () => {
      if (!res.writableFinished) hangUp()
      finish(res.writableFinished ? "complete" : "aborted")
    })
    this.record({ n: this.log.length + 1, ...logged(body, kind, p, req.headers["x-claude-code-agent-id"]), ended })
    const model = body.model ?? MODELS[0]!
    if (body.stream === true) return void stream(res, model, p.content, p.delayMs, hungUp, this.headers)
    const stop = p.content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn"
    res.writeHead(200, { "content-type": "application/json", "request-id": id("req_"), ...this.headers })
    res.end(
      JSON.stringify({
        id: id("msg_"),
        type: "message",
        role: "assistant",
        model,
        content: p.content,
        stop_reason: stop,
        stop_sequence: null,
        usage: { input_tokens: 120, output_tokens: 24 }
      })
    )
  }
}
