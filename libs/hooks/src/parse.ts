/**
 * The four POST hook contracts as pure parsers: a request body in, the normalised report or a
 * one-line refusal out. The same functions answer the HTTP routes and the fixture replay in
 * `hooks/fixtures/`, so what the plugin's tests assert is exactly what the server accepts.
 *
 * They refuse what would be wrong to apply (an unknown state, an id that is later globbed) and
 * forgive what is merely untidy (surrounding blanks, over-long labels, extra fields): a hook
 * client never sees the answer, so being strict about cosmetics would only lose reports.
 */
import { MAX_LABEL_CHARS, ReportedState, reportedStates, SessionId } from "@lich/contract"
import { isProviderId, type ProviderId, providerIds } from "@lich/providers"
import { Either, Schema } from "effect"

/**
 * The states a hook may report: the contract's vocabulary (libs/contract/src/limits.ts), named here
 * too for the hook tooling. `interrupted` is lich's own inference and never accepted inbound.
 */
export { ReportedState, reportedStates }

const isReportedState = Schema.is(ReportedState)

export interface SessionStateReport {
  readonly id: SessionId
  readonly state: ReportedState
  readonly tool: string
  readonly detail: string
  readonly reason: string
}

export interface SessionStartReport {
  readonly id: SessionId
  readonly provider: AgentId
  readonly providerSessionId: string
}

export interface SessionTitleReport {
  readonly id: SessionId
  readonly title: string
}

export interface SessionTouchedReport {
  readonly id: SessionId
}

export type Parsed<A> = Either.Either<A, string>

/** The agents a session-start may name: every provider but the shell, which has no conversation. */
export const agentIds = providerIds.filter((p) => p !== "shell")
export type AgentId = Exclude<ProviderId, "shell">
const isAgentId = (s: string): s is AgentId => isProviderId(s) && s !== "shell"

/**
 * 120 characters: a command line or path long enough to recognise on a card's status line; the
 * rest is noise there. Counted in code points, so a cut never splits a character in two.
 */
export const MAX_STATUS_CHARS = 120

/**
 * 256 characters: provider conversation ids are UUIDs or short prefixed tokens; anything this long
 * is not one, and the id ends up in a file name pattern when a session resumes.
 */
export const MAX_PROVIDER_SESSION_ID_CHARS = 256

/** Path separators, glob metacharacters: the provider id is globbed on resume (`*<id>*.jsonl`). */
const GLOB_OR_SEPARATOR = /[/\\*?[\]]/

/** C0 controls, DEL and C1 controls: a label is drawn in a roster line and a terminal. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g

const cap = (s: string, max: number): string => {
  const chars = Array.from(s)
  return chars.length <= max ? s : chars.slice(0, max).join("").trimEnd()
}

type Fields = Readonly<Record<string, unknown>>

const asObject = (body: unknown): Parsed<Fields> =>
  typeof body === "object" && body !== null && !Array.isArray(body)
    ? Either.right(body as Fields)
    : Either.left(`the body must be a JSON object, not ${describe(body)}`)

const describe = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "an array" : `a ${typeof v}`)

/** An optional string field, trimmed; null and absent both read as "". */
const text = (o: Fields, key: string): Parsed<string> => {
  const v = o[key]
  if (v === undefined || v === null) return Either.right("")
  return typeof v === "string" ? Either.right(v.trim()) : Either.left(`${key} must be a string, not ${describe(v)}`)
}

const required = (o: Fields, key: string): Parsed<string> =>
  Either.flatMap(text(o, key), (v) => (v === "" ? Either.left(`${key} is missing or blank`) : Either.right(v)))

/** The lich id the hook was told (LICH_SESSION_ID): it arrives as the contract's SessionId. */
const sessionId = (o: Fields): Parsed<SessionId> => Either.map(required(o, "session_id"), SessionId.make)

const state = (o: Fields): Parsed<ReportedState> =>
  Either.flatMap(required(o, "state"), (s) => {
    if (isReportedState(s)) return Either.right(s)
    if (s === "interrupted") return Either.left(`state "interrupted" is lich's own inference and cannot be reported`)
    return Either.left(`state "${s}" is not one of ${reportedStates.join(", ")} (case-sensitive)`)
  })

/** `POST /hook`: a turn-state report. */
export const parseSessionState = (body: unknown): Parsed<SessionStateReport> =>
  Either.gen(function* () {
    const o = yield* asObject(body)
    const id = yield* sessionId(o)
    const st = yield* state(o)
    const tool = cap(yield* text(o, "tool"), MAX_STATUS_CHARS)
    // A detail says what the tool is doing; without the tool it names nothing.
    const detail = tool === "" ? "" : cap(yield* text(o, "detail"), MAX_STATUS_CHARS)
    // A reason explains a wait for a person; on any other state it is stale text.
    const reason = st === "waiting" ? cap(yield* text(o, "reason"), MAX_STATUS_CHARS) : ""
    return { id, state: st, tool, detail, reason }
  })

const providerSessionId = (o: Fields): Parsed<string> =>
  Either.gen(function* () {
    const current = yield* text(o, "provider_session_id")
    // The first plugins spoke only Claude Code and named the field after it.
    const v = current !== "" ? current : yield* text(o, "claude_session_id")
    if (v === "") return yield* Either.left("provider_session_id is missing or blank")
    if (GLOB_OR_SEPARATOR.test(v) || v.includes("..")) {
      return yield* Either.left(`provider_session_id "${cap(v, 40)}" contains a path separator, a glob character or ".."`)
    }
    if (Array.from(v).length > MAX_PROVIDER_SESSION_ID_CHARS) {
      return yield* Either.left(`provider_session_id is over ${MAX_PROVIDER_SESSION_ID_CHARS} characters`)
    }
    return v
  })

/** `POST /session-start`: the provider's own conversation id, for resume. */
export const parseSessionStart = (body: unknown): Parsed<SessionStartReport> =>
  Either.gen(function* () {
    const o = yield* asObject(body)
    const id = yield* sessionId(o)
    const named = yield* text(o, "provider")
    // Claude Code was the only provider before the field existed.
    const provider = named === "" ? "claude" : named
    if (!isAgentId(provider)) {
      return yield* Either.left(`provider "${cap(provider, 40)}" is not one of ${agentIds.join(", ")}`)
    }
    return { id, provider, providerSessionId: yield* providerSessionId(o) }
  })

/** `POST /session-title`: the provider's own name for the conversation. */
export const parseSessionTitle = (body: unknown): Parsed<SessionTitleReport> =>
  Either.gen(function* () {
    const o = yield* asObject(body)
    const id = yield* sessionId(o)
    // A title becomes a label: one line, no terminal controls, within the label bound.
    const title = cap((yield* text(o, "title")).replace(CONTROLS, " ").replace(/\s+/g, " ").trim(), MAX_LABEL_CHARS)
    if (title === "") return yield* Either.left("title is missing or blank")
    return { id, title }
  })

/** `POST /session-touched`: files changed; extra fields are ignored. */
export const parseSessionTouched = (body: unknown): Parsed<SessionTouchedReport> =>
  Either.gen(function* () {
    const o = yield* asObject(body)
    return { id: yield* sessionId(o) }
  })

/** The raw request text as JSON; the refusal carries the parser's message. */
export const decodeJson = (raw: string): Parsed<unknown> => {
  try {
    return Either.right(JSON.parse(raw) as unknown)
  } catch (e) {
    return Either.left(`malformed JSON: ${e instanceof Error ? e.message : String(e)}`)
  }
}

/** Each route, the fixture file that pins it, and its parser. */
export const contracts = {
  "/hook": { fixture: "session-state", parse: parseSessionState },
  "/session-start": { fixture: "session-start", parse: parseSessionStart },
  "/session-title": { fixture: "session-title", parse: parseSessionTitle },
  "/session-touched": { fixture: "session-touched", parse: parseSessionTouched }
} as const

export type HookPath = keyof typeof contracts
export const hookPaths = Object.keys(contracts) as ReadonlyArray<HookPath>

/** Raw text through JSON and the route's parser: what the HTTP route and the fixture replay share. */
export const parseRaw = (path: HookPath, raw: string): Parsed<unknown> =>
  Either.flatMap(decodeJson(raw), (body) => contracts[path].parse(body) as Parsed<unknown>)
