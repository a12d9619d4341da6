/**
 * A scripted stand-in for the OpenAI API on 127.0.0.1, speaking the two wires the pinned CLIs use:
 * Codex's `POST /v1/responses` (SSE, with the `response.completed` Codex refuses to do without) and
 * opencode's `POST /v1/chat/completions` (streamed chunks). Nothing leaves the machine: the CLIs are
 * pointed here by config, and every other path answers 404 so a surprise request fails loudly.
 *
 * The script is a list of rules keyed on the NEWEST user message of a request — both CLIs resend the
 * whole history every time, and a task typed while a turn runs is appended to it (Codex steers it
 * into the running turn). A rule's steps are played one per request: step n is answered once the
 * request carries n tool results after that user message, so "call a tool, then say done" is two
 * steps. Title side requests (both CLIs ask for one in their own request) get a fixed title.
 *
 * Every request is logged; `next(match)` resolves on the first logged request that matches —
 * already logged or still to come — so a test awaits the wire instead of polling it.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"

/** One model output: text, or a tool call (Codex MCP tools carry their namespace, `mcp__lich`). */
export type Step =
  | { readonly text: string }
  | { readonly call: { readonly name: string; readonly namespace?: string; readonly args: Record<string, unknown> } }

export interface Rule {
  /** Tested against the newest user message's text. */
  readonly when: RegExp
  /** The steps, from that message's text (a relayed task carries its ticket there). */
  readonly steps: (userText: string) => ReadonlyArray<Step>
}

export interface Logged {
  readonly wire: "responses" | "chat"
  readonly title: boolean
  /** The newest user message's text. */
  readonly user: string
  /** How many tool results follow it: which step was answered. */
  readonly step: number
  /** What was answered: a step, or "" when no rule matched (a plain "ok" text). */
  readonly answered: string
  readonly at: number
  readonly body: Record<string, unknown>
}

export interface MockOpenai {
  readonly url: string
  readonly log: ReadonlyArray<Logged>
  /** Headers every Responses answer carries from now on (a test sets Codex's rate-limit headers here). */
  readonly headers: Record<string, string>
  readonly next: (match: (l: Logged) => boolean) => Promise<Logged>
  readonly close: () => Promise<void>
}

type Item = Record<string, unknown>

const textOf = (content: unknown): string => {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  return content.map((c) => (typeof c === "object" && c !== null && typeof (c as Item).text === "string" ? (c as Item).text : "")).join("")
}

/** The newest user text and how many tool results follow it, for either wire. */
const newestUser = (items: ReadonlyArray<Item>, isResult: (i: Item) => boolean): { user: string; step: number } => {
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i]!
    if (it.role === "user") {
      const text = textOf(it.content)
      // Codex sends its environment context as a user message of its own; it is not a task.
      if (text.startsWith("<environment_context>")) continue
      return { user: text, step: items.slice(i + 1).filter(isResult).length }
    }
  }
  return { user: "", step: 0 }
}

/** Codex's title side request: its own thread, no tools (with a model outside its catalog). */
const isCodexTitle = (body: Item, user: string) =>
  /Generate a concise, single-line task title/i.test(user) || (Array.isArray(body.tools) && body.tools.length === 0)

/** opencode's title side request: a system prompt naming the job. oh-my-pi's asks for the title inside a <title> tag. */
const isChatTitle = (messages: ReadonlyArray<Item>) =>
  messages.some((m) => m.role === "system" && /title generator|word title/i.test(textOf(m.content)))

/** The title each CLI is handed: oh-my-pi reads it out of a <title> tag, the others take the text. */
const titleStep = (messages: ReadonlyArray<Item>): Step =>
  messages.some((m) => m.role === "system" && /<title>/.test(textOf(m.content)))
    ? { text: "<title>Mock task title</title>" }
    : { text: "Mock task title" }

const sse = (res: http.ServerResponse, chunks: ReadonlyArray<string>, headers: Record<string, string> = {}) => {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", ...headers })
  res.end(chunks.join(""))
}

let serial = 0
const id = (prefix: string) => `${prefix}_${++serial}`

const responsesStream = (step: Step): ReadonlyArray<string> => {
  const rid = id("resp")
  const ev = (type: string, data: Item) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`
  const item: Item =
    "text" in step
      ? {
          type: "message",
          role: "assistant",
          id: id("msg"),
          status: "completed",
          content: [{ type: "output_text", text: step.text, annotations: [] }]
        }
      : {
          type: "function_call",
          id: id("fc"),
          call_id: id("call"),
          name: step.call.name,
          ...(step.call.namespace === undefined ? {} : { namespace: step.call.namespace }),
          arguments: JSON.stringify(step.call.args),
          status: "completed"
        }
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 15
  }
  return [
    ev("response.created", { response: { id: rid, status: "in_progress" } }),
    ev("response.output_item.added", { output_index: 0, item }),
    ...("text" in step
      ? [ev("response.output_text.delta", { output_index: 0, content_index: 0, delta: step.text, item_id: item.id })]
      : []),
    ev("response.output_item.done", { output_index: 0, item }),
    ev("response.completed", { response: { id: rid, status: "completed", output: [item], usage } })
  ]
}

const chatStream = (step: Step): ReadonlyArray<string> => {
  const cid = id("chatcmpl")
  const chunk = (choice: Item | undefined, extra: Item = {}) =>
    `data: ${JSON.stringify({ id: cid, object: "chat.completion.chunk", created: 1, model: "mock-model", choices: choice ? [{ index: 0, ...choice }] : [], ...extra })}\n\n`
  const body =
    "text" in step
      ? [chunk({ delta: { role: "assistant", content: step.text }, finish_reason: null }), chunk({ delta: {}, finish_reason: "stop" })]
      : [
          chunk({
            delta: {
              role: "assistant",
              tool_calls: [
                {
                  index: 0,
                  id: id("call"),
                  type: "function",
                  function: { name: step.call.name, arguments: JSON.stringify(step.call.args) }
                }
              ]
            },
            finish_reason: null
          }),
          chunk({ delta: {}, finish_reason: "tool_calls" })
        ]
  return [...body, chunk(undefined, { usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }), "data: [DONE]\n\n"]
}

const describeStep = (s: Step) => ("text" in s ? `text:${s.text}` : `call:${s.call.namespace ?? ""}${s.call.name}`)

/** What one mock server keeps: its rules, every request it answered, and who waits for one. */
interface Mock {
  readonly rules: ReadonlyArray<Rule>
  /** sent with every Responses answer: the rate-limit headers Codex turns into its plan windows */
  readonly headers: Record<string, string>
  readonly log: Array<Logged>
  readonly waiters: Array<{ match: (l: Logged) => boolean; resolve: (l: Logged) => void }>
}

const record = (m: Mock, l: Logged) => {
  m.log.push(l)
  for (const w of [...m.waiters]) {
    if (w.match(l)) {
      m.waiters.splice(m.waiters.indexOf(w), 1)
      w.resolve(l)
    }
  }
}

const pick = (rules: ReadonlyArray<Rule>, user: string, step: number): Step => {
  const rule = rules.find((r) => r.when.test(user))
  const steps = rule ? rule.steps(user) : []
  return steps[Math.min(step, steps.length - 1)] ?? { text: "ok" }
}

const answer = (m: Mock, path: string, body: Item, res: http.ServerResponse) => {
  if (path === "/v1/responses") {
    const input = (Array.isArray(body.input) ? body.input : []) as ReadonlyArray<Item>
    const { user, step } = newestUser(input, (i) => i.type === "function_call_output")
    const title = isCodexTitle(body, user)
    const s: Step = title ? { text: "Mock task title" } : pick(m.rules, user, step)
    record(m, { wire: "responses", title, user, step, answered: describeStep(s), at: Date.now(), body })
    return sse(res, responsesStream(s), m.headers)
  }
  if (path === "/v1/chat/completions") {
    const messages = (Array.isArray(body.messages) ? body.messages : []) as ReadonlyArray<Item>
    const { user, step } = newestUser(messages, (msg) => msg.role === "tool")
    const title = isChatTitle(messages)
    const s: Step = title ? titleStep(messages) : pick(m.rules, user, step)
    record(m, { wire: "chat", title, user, step, answered: describeStep(s), at: Date.now(), body })
    return sse(res, chatStream(s))
  }
  res.writeHead(404).end()
}

export const startMockOpenai = (rules: ReadonlyArray<Rule>): Promise<MockOpenai> => {
  const m: Mock = { rules, headers: {}, log: [], waiters: [] }
  const server = http.createServer((req, res) => {
    let raw = ""
    req.on("data", (d) => (raw += d))
    req.on("end", () => {
      let body: Item = {}
      try {
        body = JSON.parse(raw) as Item
      } catch {
        // a GET or an empty body: answered 404 below
      }
      answer(m, (req.url ?? "").split("?")[0]!, body, res)
    })
  })
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as AddressInfo).port
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        log: m.log,
        headers: m.headers,
        next: (match) =>
          new Promise((res) => {
            const seen = m.log.find(match)
            if (seen) res(seen)
            else m.waiters.push({ match, resolve: res })
          }),
        close: () => new Promise((r) => server.close(() => r()))
      })
    })
  })
}
