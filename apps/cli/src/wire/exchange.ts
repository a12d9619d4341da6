/**
 * One call to the running lich as the CLI makes it, in plain node: the loopback client's POST, a
 * refused token tried once more with the runtime file's fresh one, the body read as JSON, and every
 * way it can fail said in the CLI's one line. Both clients sit on it — client.ts (Effect, decoding
 * with the contract's schemas) and call.ts (the plain commands, decoding with the derived shapes) —
 * so "no lich", "lost the connection" and "not sure it landed" are worded in one place.
 */
import { type Coordinates, Loopback, readRuntime } from "@lich/singleton"
import { NO_LICH } from "../reach.js"

/**
 * What a call says when the whole request reached a lich that is still there but gave no answer
 * within the call's patience: lich may well have acted on it. `why` is the transport's reason. A
 * connection that drops instead means lich itself went away, and with it whatever it held in
 * memory: that is the plain "lost the connection", since a retry then meets a different lich.
 */
export type Unsure = (why: string) => string

export type Exchanged =
  | { readonly _tag: "reply"; readonly status: number; readonly json: unknown }
  | { readonly _tag: "unreachable"; readonly message: string }

const unreachable = (message: string): Exchanged => ({ _tag: "unreachable", message })

const lost = (why: string) => `lost the connection to lich: ${why} — is it still running? (lich version shows it)`

/** What a call that did not come back with a reply says, in the one line a person reads. */
const failure = (o: Loopback.Down | Loopback.Lost, unsure: Unsure | undefined): string => {
  // Unreadable coordinates (a directory where the runtime file goes, no permission, a LICH_PORT that
  // is not a port) are this machine's state, said in their own sentence; anything else down is no lich.
  if (o._tag === "down") return o.cause === "unreadable" ? o.message : NO_LICH
  return o.sent && o.cause === "timeout" && unsure ? unsure(o.message) : lost(o.message)
}

/** The refusal when a token is stale: retried once when the runtime file names the same port anew. */
const freshToken = (c: Coordinates): Coordinates | undefined => {
  let r: ReturnType<typeof readRuntime>
  try {
    r = readRuntime(process.env)
  } catch {
    return undefined
  }
  return r && r.port === c.port && r.token !== c.token ? { port: r.port, token: r.token, source: "runtime" } : undefined
}

const refusedToken = (c: Coordinates) =>
  c.source === "env"
    ? `lich on port ${c.port} refused this session's token — the lich that started this session has restarted; open a new session`
    : `lich on port ${c.port} refused the token in the runtime file — it belongs to another lich; restart lich`

const asJson = (status: number, body: string): Exchanged => {
  try {
    return { _tag: "reply", status, json: body === "" ? null : JSON.parse(body) }
  } catch {
    return unreachable(`lich answered ${status} with a body that is not JSON`)
  }
}

export interface ExchangeOptions {
  readonly timeoutMs: number
  readonly unsure?: Unsure | undefined
  readonly signal?: AbortSignal | undefined
}

/** POSTs `body` to `path` on the lich this environment names. Never rejects. */
export const exchange = async (path: string, body: string, o: ExchangeOptions): Promise<Exchanged> => {
  const request = { body, timeoutMs: o.timeoutMs, ...(o.signal ? { signal: o.signal } : {}) }
  const first = await Loopback.callRunning(process.env, path, request)
  if (first.to === undefined) return unreachable(failure(first.outcome, o.unsure))
  let outcome = first.outcome
  if (outcome._tag === "reply" && (outcome.status === 401 || outcome.status === 403)) {
    const fresh = freshToken(first.to)
    if (fresh === undefined) return unreachable(refusedToken(first.to))
    outcome = await Loopback.call(fresh, path, request)
  }
  return outcome._tag === "reply" ? asJson(outcome.status, outcome.body) : unreachable(failure(outcome, o.unsure))
}
