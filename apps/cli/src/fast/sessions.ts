/**
 * `lich sessions [--json]` without @effect/cli or Effect: the command agents call most. It prints
 * what commands/sessions.ts prints, byte for byte — the same render function, the same JSON (the
 * peer fields in the schema's order, nothing else), the same `lich: …` line and exit code when no
 * lich is running. What it cannot vouch for, it does not answer: any other argument, a reply that
 * is not a 200 with a well-formed roster, or a failure other than "no lich" is handed back as
 * `fallback`, and the full path runs the command from the start (Peers only reads, so asking again
 * is harmless). test/cli-fast-path.test.ts holds the two paths to the same bytes.
 */
import type { Peer } from "@lich/contract"
import { exitCodes } from "../exitCodes.js"
import { renderSessions } from "../render/sessions.js"
import { NO_LICH, type Result } from "./result.js"
import { post } from "./request.js"

/** Peer's fields in the order the schema (libs/contract/src/session.ts) declares them. */
export const PEER_FIELDS = ["label", "name", "project", "kind", "state", "id", "path", "projectPath"] as const

/**
 * The roster as the full path's schema decodes it: an array of objects whose eight fields are all
 * strings, each rebuilt with those fields only, in that order. undefined for anything else.
 */
export const decodePeers = (body: string): ReadonlyArray<Peer> | undefined => {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return undefined
  }
  if (!Array.isArray(value)) return undefined
  const peers: Array<Peer> = []
  for (const item of value) {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return undefined
    const peer: Record<string, string> = {}
    for (const f of PEER_FIELDS) {
      const v = (item as Record<string, unknown>)[f]
      if (typeof v !== "string") return undefined
      peer[f] = v
    }
    peers.push(peer as unknown as Peer)
  }
  return peers
}

export const sessions = async (args: ReadonlyArray<string>): Promise<Result> => {
  const json = args.length === 1 && args[0] === "--json"
  if (!json && args.length !== 0) return { _tag: "fallback" }
  const outcome = await post("/rpc/relay.Peers", { from: process.env.LICH_SESSION_ID ?? "" })
  if (outcome._tag === "down") return { _tag: "fail", message: NO_LICH, code: exitCodes.Unreachable }
  if (outcome._tag !== "reply" || outcome.status !== 200) return { _tag: "fallback" }
  const peers = decodePeers(outcome.body)
  if (peers === undefined) return { _tag: "fallback" }
  return { _tag: "out", text: json ? JSON.stringify(peers) : renderSessions(peers) }
}
