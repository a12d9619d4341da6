/**
 * The extension module lich writes into oh-my-pi's extensions folder. oh-my-pi has no shell hooks:
 * an extension is a module it loads in-process (under Bun) with a default factory that subscribes to
 * its events (`pi.on`). This one turns those events into lich's hook reports, posted to the lich
 * that started the session — and does nothing at all in a session lich did not start (no LICH_*).
 *
 * Events → reports (names and fields as oh-my-pi 18.2.3 emits them; test/fixtures/omp):
 *   session_start                      → session-start, provider omp, the full session id (UUIDv7)
 *   input, turn_start                  → busy
 *   tool_call                          → busy, with the tool and what it runs on
 *   tool_approval_requested            → waiting, reason "permission to run <tool>"
 *   tool_approval_resolved             → busy
 *   tool_result of a writer tool       → session-touched
 *   agent_end with willContinue false  → done, then the session's title
 * Reports leave in order, each bounded at one second, and a failed one is dropped: a report must
 * never hold the agent up.
 *
 * It also says when lich's tools are mounted, which oh-my-pi does only after it draws its prompt:
 * TOOLS_MOUNTED, an escape sequence terminals ignore, written once to the terminal lich reads
 * (libs/terminal Screen.ts `signals`), so lich types the first task only once the tools are there.
 */

/** An OSC with a number no terminal assigns: ignored by xterm and the window, read by lich. */
export const TOOLS_MOUNTED = "\x1b]7788;lich-tools-mounted\x07"

/** The first line: how an install is recognised, and which release it carries. */
export const extensionMarker = (version: string): string =>
  `// lich-plugin v${version} — written by lich (Settings › lich plugin); Remove there takes this file out.`

/**
 * The release a file's first line names, or "" when it is not lich's. The dash is escaped: esbuild
 * leaves a regex literal as written, and one non-ASCII character makes V8 hold the whole bundle it
 * is in (`lich plugin`'s) as a two-byte string, twice its size on every call.
 */
export const extensionVersion = (text: string | undefined): string =>
  /^\/\/ lich-plugin v(\S+) \u2014 written by lich/.exec(text ?? "")?.[1] ?? ""

const body = `
const env = process.env
const ready =
  /^[0-9]+$/.test(env.LICH_PORT ?? "") && /^[0-9a-fA-F]+$/.test(env.LICH_TOKEN ?? "") && /^[0-9A-Za-z._-]+$/.test(env.LICH_SESSION_ID ?? "")
// The tools after which the checkout may have changed.
const WRITERS = new Set(["write", "edit", "ast_edit", "bash", "notebook"])
let queue = Promise.resolve()
const post = (path, fields) => {
  const send = () =>
    fetch("http://127.0.0.1:" + env.LICH_PORT + path + "?token=" + env.LICH_TOKEN, {
      method: "POST",
      headers: { "content-type": "application/json", "x-lich-plugin": VERSION },
      body: JSON.stringify({ session_id: env.LICH_SESSION_ID, ...fields }),
      signal: AbortSignal.timeout(1000)
    }).then((r) => r.body?.cancel(), () => undefined)
  queue = queue.then(send, send)
  return queue
}
const line = (v) => String(v ?? "").replace(/\\s+/g, " ").trim().slice(0, 120)
const detailOf = (input) => {
  const i = input && typeof input === "object" ? input : {}
  return line(i.command ?? i.path ?? i.file_path ?? i.pattern ?? i.url ?? i.query ?? i.i ?? "")
}
const toolOf = (e) => String(e?.toolName ?? e?.name ?? "")
const sessionOf = (ctx) => ctx?.sessionManager

// 100 ms, up to 2 min: oh-my-pi connects MCP servers in the background after its prompt (measured
// 0.6–1.4 s on an idle machine, far longer on a loaded one).
const watchTools = (pi) => {
  const started = Date.now()
  const look = () => {
    const names = (pi.getAllTools?.() ?? []).map((t) => (typeof t === "string" ? t : t?.name))
    if (names.some((n) => typeof n === "string" && n.startsWith("mcp__lich_"))) return process.stdout.write(MOUNTED)
    if (Date.now() - started < 120000) setTimeout(look, 100)
  }
  look()
}

export default function lich(pi) {
  if (!ready) return
  pi.on("session_start", (_e, ctx) => {
    watchTools(pi)
    const id = sessionOf(ctx)?.getSessionId?.()
    if (typeof id === "string" && id !== "") post("/session-start", { provider_session_id: id, provider: "omp" })
  })
  pi.on("input", () => post("/hook", { state: "busy" }))
  pi.on("turn_start", () => post("/hook", { state: "busy" }))
  pi.on("tool_call", (e) => post("/hook", { state: "busy", tool: toolOf(e), detail: detailOf(e?.input) }))
  pi.on("tool_approval_requested", (e) => post("/hook", { state: "waiting", reason: "permission to run " + toolOf(e) }))
  pi.on("tool_approval_resolved", () => post("/hook", { state: "busy" }))
  pi.on("tool_result", (e) => {
    if (WRITERS.has(toolOf(e))) post("/session-touched", {})
  })
  pi.on("agent_end", (e, ctx) => {
    if (e?.willContinue === true) return
    post("/hook", { state: "done" })
    const title = line(sessionOf(ctx)?.getSessionName?.()).slice(0, 80)
    if (title !== "") post("/session-title", { title })
  })
}
`

/** The whole module for this release. */
export const extensionText = (version: string): string =>
  `${extensionMarker(version)}\n// Reports this oh-my-pi session's state to the lich that started it.\nconst VERSION = ${JSON.stringify(version)}\nconst MOUNTED = ${JSON.stringify(TOOLS_MOUNTED)}\n${body}`
