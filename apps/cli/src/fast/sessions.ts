/**
 * `lich sessions [--json]` and `lich whoami [--json]` without @effect/cli or Effect: the commands
 * agents call most (whoami is how lich-plugin's Claude Code mod learns its own card). They print
 * what commands/sessions.ts prints, byte for byte — the same render function, the same JSON (the
 * peer fields in the schema's order, nothing else), the same `lich: …` line and exit code when no
 * lich is running. What it cannot vouch for, it does not answer: any other argument, a reply that
 * is not a 200 with a well-formed roster, or a failure other than "no lich" is handed back as
 * `fallback`, and the full path runs the command from the start (both procedures only read, so
 * asking again is harmless). test/cli-fast-path.test.ts holds the two paths to the same bytes.
 */
// The build sends shownStates to limits.ts, which imports nothing (scripts/build.mjs, deep-imports).
import { type Peer, shownStates } from "@lich/contract"
import { exitCodes } from "../exitCodes.js"
import { NO_LICH } from "../reach.js"
import { renderSessions, renderWhoami } from "../render/sessions.js"
import { post } from "./request.js"
import type { Result } from "./result.js"

/** Peer's fields in the order the schema (libs/contract/src/session.ts) declares them. */
export const PEER_FIELDS = ["label", "name", "project", "kind", "state", "id", "path", "projectPath"] as const

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

const states: ReadonlySet<unknown> = new Set(shownStates)

/**
 * One peer as the schema decodes it: its eight fields, all strings, in that order, the state one the
 * roster shows (SessionState); else undefined.
 */
const decodePeer = (item: unknown): Peer | undefined => {
  if (!isRecord(item) || !states.has(item.state)) return undefined
  const peer: Record<string, string> = {}
  for (const f of PEER_FIELDS) {
    const v = item[f]
    if (typeof v !== "string") return undefined
    peer[f] = v
  }
  return peer as unknown as Peer
}

const parse = (body: string): unknown => {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** A roster as the full path's `Schema.Array(Peer)` decodes it, or undefined for anything it refuses. */
export const decodePeers = (body: string): ReadonlyArray<Peer> | undefined => {
  const value = parse(body)
  if (!Array.isArray(value)) return undefined
  const peers = value.map(decodePeer)
  return peers.every((p) => p !== undefined) ? (peers as Array<Peer>) : undefined
}

/** `whoami`'s one peer as the full path's `Peer` decodes it. */
export const decodeOne = (body: string): Peer | undefined => decodePeer(parse(body))

/** `[--json]` only: whether JSON was asked for, or undefined for any other command line. */
const jsonOnly = (args: ReadonlyArray<string>): boolean | undefined =>
  args.length === 0 ? false : args.length === 1 && args[0] === "--json" ? true : undefined

/** Asks `relay.<method>` as the caller and prints the answer, as commands/sessions.ts does. */
const ask = async <A>(
  method: string,
  args: ReadonlyArray<string>,
  decode: (body: string) => A | undefined,
  render: (a: A) => string
): Promise<Result> => {
  const json = jsonOnly(args)
  if (json === undefined) return { _tag: "fallback" }
  const outcome = await post(`/rpc/relay.${method}`, { from: process.env.LICH_SESSION_ID ?? "" })
  if (outcome._tag === "down") return { _tag: "fail", message: NO_LICH, code: exitCodes.Unreachable }
  if (outcome._tag !== "reply" || outcome.status !== 200) return { _tag: "fallback" }
  const value = decode(outcome.body)
  if (value === undefined) return { _tag: "fallback" }
  return { _tag: "out", text: json ? JSON.stringify(value) : render(value) }
}

export const sessions = (args: ReadonlyArray<string>): Promise<Result> => ask("Peers", args, decodePeers, renderSessions)

/** Outside a session whoami is a usage error the full path words (commands/sessions.ts). */
export const whoami = (args: ReadonlyArray<string>): Promise<Result> =>
  (process.env.LICH_SESSION_ID ?? "") === "" ? Promise.resolve({ _tag: "fallback" }) : ask("Whoami", args, decodeOne, renderWhoami)
