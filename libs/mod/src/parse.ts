/**
 * The mod routes' bodies as pure parsers: raw text in, the decoded report or a one-line refusal out.
 * The same functions answer the HTTP routes and replay `hooks/fixtures/mod-*.jsonl`, so what the
 * plugin's fixtures assert is exactly what the server accepts. Strings are trimmed here, as every
 * hook route does; an ack's error is capped rather than refused, because the mod never sees the reply.
 */
import { MAX_ACK_ERROR_CHARS, ModAck, ModAnswerReport, ModUsageReport } from "@lich/contract"
import { Either, ParseResult, Schema } from "effect"

export type Parsed<A> = Either.Either<A, string>

const json = (raw: string): Parsed<unknown> => {
  try {
    return Either.right(JSON.parse(raw) as unknown)
  } catch {
    return Either.left("the body is not JSON")
  }
}

/** The first problem of a decode, on one line: the field path and what was wrong with it. */
const oneLine = (e: ParseResult.ParseError): string => {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(e)
  const first = issues[0]
  if (!first) return "the body does not match the contract"
  const where = first.path.length > 0 ? first.path.join(".") : "the body"
  return `${where}: ${first.message.replace(/\s+/g, " ")}`.slice(0, 200)
}

const trimStrings = (v: unknown): unknown => {
  if (typeof v === "string") return v.trim()
  if (Array.isArray(v)) return v.map(trimStrings)
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trimStrings(x)]))
  return v
}

const decodeWith =
  <A, I>(schema: Schema.Schema<A, I>) =>
  (raw: string): Parsed<A> =>
    Either.flatMap(json(raw), (body) =>
      Either.mapLeft(Schema.decodeUnknownEither(schema, { onExcessProperty: "ignore" })(trimStrings(body)), oneLine)
    )

const cut = (s: string, max: number) => [...s].slice(0, max).join("")

export interface AckReport {
  readonly id: string
  readonly sessionId: string
  readonly commandId: string
  readonly kind: ModAck["kind"]
  readonly ok: boolean
  readonly error: string
  readonly answer: string
}

export const parseAck = (raw: string): Parsed<AckReport> =>
  Either.map(decodeWith(ModAck)(raw), (a) => ({
    id: a.session_id,
    sessionId: a.session_id,
    commandId: a.id,
    kind: a.kind,
    ok: a.ok,
    error: cut(a.error ?? "", MAX_ACK_ERROR_CHARS),
    answer: a.answer ?? ""
  }))

export const parseUsage = (raw: string): Parsed<ModUsageReport> => decodeWith(ModUsageReport)(raw)

/** `session_id` of a GET's query: required, in the shape lich hands out. */
export const parseSessionQuery = (query: URLSearchParams): Parsed<string> => {
  const id = (query.get("session_id") ?? "").trim()
  if (id === "") return Either.left("session_id is required")
  if (!/^[0-9A-Za-z._-]{1,128}$/.test(id)) return Either.left("session_id is not a lich session id")
  return Either.right(id)
}

/** `POST /mod/answer`: a worker's final message; blank is refused (a turn with nothing to say answers nothing). */
export const parseAnswer = (raw: string): Parsed<{ readonly sessionId: string; readonly text: string }> =>
  Either.flatMap(decodeWith(ModAnswerReport)(raw), (a) =>
    a.text === "" ? Either.left("text: the answer is blank") : Either.right({ sessionId: a.session_id, text: a.text })
  )
