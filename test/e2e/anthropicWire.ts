/**
 * The Messages API's wire as the mock Anthropic speaks it (mockAnthropic.ts): the request's message
 * shapes, finding the newest prompt in them, and the server-sent events of one streamed response.
 */
import * as crypto from "node:crypto"
import type * as http from "node:http"
export type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: unknown }

export interface ContentBlock {
  readonly type?: string
  readonly text?: string
}
export interface Message {
  readonly role?: string
  readonly content?: string | ReadonlyArray<ContentBlock>
}

export const blocks = (m: Message): ReadonlyArray<ContentBlock> =>
  typeof m.content === "string" ? [{ type: "text", text: m.content }] : Array.isArray(m.content) ? m.content : []

/** What the person (or a mod) wrote, without the reminders Claude Code adds around it. */
export const visible = (text: string): string => text.replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, "").trim()

/**
 * A user message made of tool results continues the running turn — unless it carries a prompt typed
 * while the turn ran, which Claude Code injects there with this sentence.
 */
export const continues = (m: Message): boolean =>
  blocks(m).some((b) => b.type === "tool_result") &&
  !blocks(m).some((b) => b.type === "text" && /sent a new message while you were working/.test(b.text ?? ""))

/** The index of the newest user message carrying a prompt, and that prompt's newest text block. */
export const newestPrompt = (messages: ReadonlyArray<Message>): { at: number; text: string } => {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!
    if (m.role !== "user" || continues(m)) continue
    const texts = blocks(m)
      .filter((b) => b.type === "text")
      .map((b) => visible(b.text ?? ""))
      .filter((t) => t !== "")
    if (texts.length > 0) return { at: i, text: texts[texts.length - 1]! }
  }
  return { at: -1, text: "" }
}

/** $1…$99 and $<name> replaced by what the regex captured; a reference to a group it lacks stays as written. */
export const substitute = (value: unknown, m: RegExpExecArray): unknown => {
  if (typeof value === "string") {
    return value.replace(/\$(\d{1,2})|\$<(\w+)>/g, (all, num: string | undefined, name: string | undefined) => {
      if (num !== undefined) return Number(num) >= 1 && Number(num) < m.length ? (m[Number(num)] ?? "") : all
      return m.groups !== undefined && name! in m.groups ? (m.groups[name!] ?? "") : all
    })
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, m))
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, m)]))
  return value
}

export const id = (prefix: string) => prefix + crypto.randomBytes(12).toString("hex")

/** SSE in the order the SDK's stream parser expects; text and tool input are streamed in small deltas. */
export const stream = async (
  res: http.ServerResponse,
  model: string,
  content: ReadonlyArray<Block>,
  delayMs: number,
  hungUp: Promise<void>,
  headers: Record<string, string> = {}
) => {
  let gone = false
  void hungUp.then(() => (gone = true))
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "request-id": id("req_"), ...headers })
  const send = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`)
  const usage = { input_tokens: 120, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }
  const stop = content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn"
  send("message_start", {
    message: { id: id("msg_"), type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage }
  })
  send("ping", {})
  if (delayMs > 0) {
    let timer: NodeJS.Timeout | undefined
    await Promise.race([new Promise((r) => (timer = setTimeout(r, delayMs))), hungUp])
    clearTimeout(timer)
  }
  if (gone) return
  content.forEach((b, index) => {
    if (b.type === "text") {
      send("content_block_start", { index, content_block: { type: "text", text: "" } })
      for (const part of b.text.match(/[\s\S]{1,48}/g) ?? [""])
        send("content_block_delta", { index, delta: { type: "text_delta", text: part } })
    } else {
      send("content_block_start", { index, content_block: { type: "tool_use", id: b.id, name: b.name, input: {} } })
      for (const part of JSON.stringify(b.input).match(/[\s\S]{1,48}/g) ?? []) {
        send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: part } })
      }
    }
    send("content_block_stop", { index })
  })
  send("message_delta", { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 24 } })
  send("message_stop", {})
  res.end()
}
