import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { initialBridge, opencodeReports, type Post } from "./events.js"

/** Recorded from opencode 1.18.33's /event stream: a text turn, then a bash call that asked permission. */
const fixture = fs
  .readFileSync(path.join(__dirname, "..", "..", "..", "..", "test", "fixtures", "opencode", "events-1.18.33.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as unknown)

const replay = (events: ReadonlyArray<unknown>): ReadonlyArray<Post> => {
  let bridge = initialBridge
  const posts: Array<Post> = []
  for (const e of events) {
    const r = opencodeReports(bridge, "L1", e)
    bridge = r.bridge
    posts.push(...r.posts)
  }
  return posts
}

const brief = (p: Post) =>
  `${p.path} ${p.body.state ?? p.body.title ?? p.body.provider_session_id ?? ""}${p.body.tool ? ` ${p.body.tool}: ${p.body.detail}` : ""}${p.body.reason ? ` (${p.body.reason})` : ""}`

describe("opencode's event bus, as lich's hook reports", () => {
  it("turns a recorded session into the reports a hook client would send, in order", () => {
    const posts = replay(fixture)
    // Runs of the same report collapsed: opencode repeats session.status busy several times a turn.
    const seen = posts.map(brief).filter((b, i, all) => b !== all[i - 1])
    expect(seen).toEqual([
      "/session-start ses_dcebef5dfffegkTJH0slqC41u1",
      "/hook busy",
      "/session-title Mock task title",
      "/hook busy",
      "/hook done",
      "/hook busy",
      "/hook busy bash: echo hi > f.txt",
      "/hook waiting (permission to run bash: echo hi > f.txt)"
    ])
    expect(posts.every((p) => p.body.session_id === "L1")).toBe(true)
  })

  it("sends a title once, and never opencode's placeholder", () => {
    const titles = replay(fixture).filter((p) => p.path === "/session-title")
    expect(titles).toEqual([{ path: "/session-title", body: { session_id: "L1", title: "Mock task title" } }])
  })

  it("ignores a subagent's session", () => {
    const child = { type: "session.created", properties: { info: { id: "ses_child", parentID: "ses_main" } } }
    const busy = { type: "session.status", properties: { sessionID: "ses_child", status: { type: "busy" } } }
    expect(replay([child, busy])).toEqual([])
  })

  it("reports touched files when a writing tool finishes, and on file.edited", () => {
    const done = {
      type: "message.part.updated",
      properties: { sessionID: "s", part: { type: "tool", tool: "edit", state: { status: "completed" } } }
    }
    const read = {
      type: "message.part.updated",
      properties: { sessionID: "s", part: { type: "tool", tool: "read", state: { status: "completed" } } }
    }
    const edited = { type: "file.edited", properties: { file: "/work/proj/a.ts" } }
    expect(replay([done, read, edited]).map((p) => p.path)).toEqual(["/session-touched", "/session-touched"])
  })

  it("drops what it does not know rather than guessing", () => {
    expect(
      replay([
        { type: "server.connected", properties: {} },
        "not an event",
        null,
        { type: "session.status", properties: { status: { type: "retry" } } }
      ])
    ).toEqual([])
  })
})
