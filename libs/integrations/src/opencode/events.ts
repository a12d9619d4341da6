/**
 * opencode's event bus → lich's hook reports, as a pure function: one event in, the POSTs a hook
 * client would make for it out (the same four contracts docs/hooks/ describes). The bridge that
 * reads the bus (opencodeBridge.ts) sends them to lich's own listener, so an opencode session's
 * state goes through exactly the path every other provider's hooks take.
 *
 * Mapping (event names and fields as opencode 1.18.33 publishes them; fixture in
 * test/fixtures/opencode/):
 *   session.created (no parentID)         → session-start, provider opencode, its session id
 *   session.status busy / idle            → busy / done
 *   message.part.updated, a running tool  → busy with the tool and what it runs on
 *   permission.asked                      → waiting, with what asks as the reason
 *   session.updated with a real title     → session-title
 *   file.edited, a finished edit/write    → session-touched
 * Events of a subagent's session (created with a parentID) are the subagent's, not the card's.
 */

export type HookPath = "/hook" | "/session-start" | "/session-title" | "/session-touched"

export interface Post {
  readonly path: HookPath
  readonly body: Readonly<Record<string, string>>
}

export interface BridgeState {
  /** Sessions opencode created for subagents: their events are ignored. */
  readonly children: ReadonlySet<string>
  /** The last title sent: opencode repeats session.updated for every change to the session. */
  readonly title: string
}

export const initialBridge: BridgeState = { children: new Set(), title: "" }

type Json = Record<string, unknown>

const obj = (v: unknown): Json => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : {})
const str = (v: unknown): string => (typeof v === "string" ? v : "")

/** opencode names a session it has no title for yet "New session - <ISO date>". */
const PLACEHOLDER_TITLE = /^New session - \d{4}-\d\d-\d\dT/

/** The tools whose finish may have changed files in the checkout. */
const WRITERS = new Set(["bash", "edit", "write", "patch", "multiedit"])

/** What a tool call runs on, in one line: its command, file, pattern or address. */
const detailOf = (input: Json): string =>
  str(input.command) || str(input.filePath) || str(input.path) || str(input.pattern) || str(input.url) || str(input.description)

const state = (lichId: string, s: string, extra: Record<string, string> = {}): Post => ({
  path: "/hook",
  body: { session_id: lichId, state: s, ...extra }
})

const toolPost = (lichId: string, part: Json): ReadonlyArray<Post> => {
  const tool = str(part.tool)
  const st = obj(part.state)
  if (st.status === "running") return [state(lichId, "busy", { tool, detail: detailOf(obj(st.input)) })]
  if (st.status === "completed" && WRITERS.has(tool)) return [{ path: "/session-touched", body: { session_id: lichId } }]
  return []
}

const permissionReason = (p: Json): string => {
  const what = str(obj(p.metadata).command) || (Array.isArray(p.patterns) ? str(p.patterns[0]) : "")
  return `permission to run ${str(p.permission) || "a tool"}${what === "" ? "" : `: ${what}`}`
}

/** The reports one event makes, and the bridge's state after it. */
export const opencodeReports = (
  bridge: BridgeState,
  lichId: string,
  event: unknown
): { readonly bridge: BridgeState; readonly posts: ReadonlyArray<Post> } => {
  const e = obj(event)
  const p = obj(e.properties)
  const info = obj(p.info)
  const session = str(p.sessionID) || str(info.id)
  const none = { bridge, posts: [] }
  if (e.type === "session.created" && str(info.parentID) !== "") {
    return { bridge: { ...bridge, children: new Set([...bridge.children, str(info.id)]) }, posts: [] }
  }
  if (session !== "" && bridge.children.has(session)) return none
  switch (e.type) {
    case "session.created":
      return {
        bridge,
        posts: [{ path: "/session-start", body: { session_id: lichId, provider_session_id: str(info.id), provider: "opencode" } }]
      }
    case "session.status": {
      const type = str(obj(p.status).type)
      if (type === "busy") return { bridge, posts: [state(lichId, "busy")] }
      if (type === "idle") return { bridge, posts: [state(lichId, "done")] }
      return none
    }
    case "message.part.updated": {
      const part = obj(p.part)
      return part.type === "tool" ? { bridge, posts: toolPost(lichId, part) } : none
    }
    case "permission.asked":
      return { bridge, posts: [state(lichId, "waiting", { reason: permissionReason(p) })] }
    case "session.updated": {
      const title = str(info.title).trim().slice(0, 80)
      if (title === "" || title === bridge.title || PLACEHOLDER_TITLE.test(title)) return none
      return { bridge: { ...bridge, title }, posts: [{ path: "/session-title", body: { session_id: lichId, title } }] }
    }
    case "file.edited":
      return { bridge, posts: [{ path: "/session-touched", body: { session_id: lichId } }] }
    default:
      return none
  }
}
