/** The fast path's pieces against the full path's: the one "no lich" line both read, the same roster decoding. */

import { Peer, Peers, SessionState, Whoami } from "@lich/contract"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { NO_LICH as clientNoLich } from "../client.js"
import { NO_LICH } from "../reach.js"
import { decodeOne, decodePeers, PEER_FIELDS } from "./sessions.js"

const peer = { label: "a", name: "alpha-1", project: "p", kind: "shell", state: "", id: "s1", path: "/x", projectPath: "/x" }

describe("the fast path", () => {
  it("says no lich is running in the contract's words, the line client.ts gives too", () => {
    expect(NO_LICH).toBe("no lich is running — open lich, or run this inside one of its sessions")
    expect(clientNoLich).toBe(NO_LICH)
  })

  it("lists Peer's fields in the schema's order, each of the type it checks", () => {
    expect(PEER_FIELDS).toEqual(Object.keys(Peer.fields))
    // A field given a schema of its own (a bound, a brand with a check) needs the same check here.
    for (const f of PEER_FIELDS) expect([f, Peer.fields[f]]).toEqual([f, f === "state" ? SessionState : Schema.String])
  })

  it("sends LICH_SESSION_ID unchecked, as the payload schemas take any string", () => {
    for (const rpc of [Peers, Whoami]) {
      for (const from of ["", "0b9c0b9c0b9c0b9c0b9c0b9c0b9c0b9c", "not an id", "x\ny"]) {
        expect(Schema.encodeUnknownSync(rpc.payloadSchema)({ from })).toEqual({ from })
      }
    }
  })

  it("decodes a roster to what the schema's decoding prints: extra keys dropped, the schema's order", () => {
    const body = JSON.stringify([{ extra: 1, ...peer, label: "b" }, peer])
    const viaSchema = JSON.stringify(Schema.decodeUnknownSync(Schema.Array(Peer))(JSON.parse(body)))
    expect(JSON.stringify(decodePeers(body))).toBe(viaSchema)
    expect(JSON.stringify(decodePeers("[]"))).toBe("[]")
    const one = JSON.stringify({ extra: 1, ...peer })
    expect(JSON.stringify(decodeOne(one))).toBe(JSON.stringify(Schema.decodeUnknownSync(Peer)(JSON.parse(one))))
  })

  it("takes exactly the states the schema takes", () => {
    for (const state of ["", "busy", "done", "waiting", "compacting", "idle", "interrupted", "BUSY"]) {
      const body = JSON.stringify({ ...peer, state })
      const schemaTakes = Schema.decodeUnknownEither(Peer)(JSON.parse(body))._tag === "Right"
      expect([state, decodeOne(body) !== undefined]).toEqual([state, schemaTakes])
    }
  })

  it("refuses what the schema refuses, so the full path words it", () => {
    for (const body of [
      "",
      "{}",
      "null",
      "[1]",
      "[null]",
      JSON.stringify([{ ...peer, state: 1 }]),
      JSON.stringify([{ ...peer, state: "compacting" }]),
      JSON.stringify([{ ...peer, id: undefined }])
    ]) {
      expect(decodePeers(body)).toBeUndefined()
    }
    for (const body of ["", "[]", "null", JSON.stringify({ ...peer, kind: null })]) expect(decodeOne(body)).toBeUndefined()
  })
})
