import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Resume } from "./desk.js"
import { SessionStatus } from "./events.js"
import { type FromId, fromId, type ProjectId, type SessionId, type Ticket } from "./ids.js"
import { Insert, Reply, Wait } from "./rpcRelay.js"
import { Session } from "./session.js"

const ID = "0b9c4f2e7d1a4c3b8e6f5a4d3c2b1a09"

describe("the branded ids", () => {
  it("a wait's payload decodes its ticket as a Ticket and its sender as a SessionId", () => {
    const p = Schema.decodeUnknownSync(Wait.payloadSchema)({ from: ID, ticket: "a1b2c3d4", timeout: 0 })
    const ticket: Ticket = p.ticket
    const from: FromId = p.from
    expect([ticket, from]).toEqual(["a1b2c3d4", ID])
  })

  it("a reply's ticket may be empty: the one errand open against the caller", () => {
    expect(Schema.decodeUnknownSync(Reply.payloadSchema)({ from: ID, ticket: "", answer: "ok" }).ticket).toBe("")
  })

  it("a sender outside any session is the empty id, and encodes back to the same JSON", () => {
    expect([fromId(undefined), fromId(""), fromId(ID)]).toEqual(["", "", ID])
    const encoded = Schema.encodeSync(Insert.payloadSchema)({
      from: fromId(undefined),
      session: "docs",
      project: "",
      text: "hi",
      timeout: 0
    })
    expect(encoded).toEqual({ from: "", session: "docs", project: "", text: "hi", timeout: 0 })
  })

  it("a payload whose id is not a string is refused, naming the field", () => {
    expect(() => Schema.decodeUnknownSync(Resume.payloadSchema)({ id: 7 })).toThrow(/id/)
    expect(() => Schema.decodeUnknownSync(Wait.payloadSchema)({ from: ID, ticket: null, timeout: 0 })).toThrow(/ticket/)
  })

  it("a session decodes its id and project as the brands the workspace builds them with", () => {
    const s = Schema.decodeUnknownSync(Session)({
      id: ID,
      projectId: "a1b2c3d4e5f6",
      project: "site",
      label: "docs",
      name: "docs-1",
      kind: "claude",
      path: "",
      nextSeq: 2,
      originSessionId: "",
      originLabel: "",
      confined: false,
      folder: ""
    })
    const ids: [SessionId, ProjectId] = [s.id, s.projectId]
    expect(ids).toEqual([ID, "a1b2c3d4e5f6"])
  })

  it("session-status carries the states windows see, and refuses one nobody reports", () => {
    const status = (state: string) => ({ _tag: "session-status", id: ID, state, tool: "", detail: "", reason: "" })
    expect(Schema.decodeUnknownSync(SessionStatus)(status("compacting")).state).toBe("compacting")
    expect(Schema.decodeUnknownSync(SessionStatus)(status("interrupted")).state).toBe("interrupted")
    expect(() => Schema.decodeUnknownSync(SessionStatus)(status("thinking"))).toThrow(/state/)
  })
})
