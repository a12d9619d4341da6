import { Closed, Collected, Opened, Peer, ProjectId, RelayResult, Renamed, Session, SessionId, type SessionState } from "@lich/contract"
import { describe, expect, it } from "vitest"
import { exitCodeFor } from "../exitCodes.js"
import { renderCollected, renderResult } from "./relay.js"
import { renderSessions, renderWhoami } from "./sessions.js"
import { renderClosed, renderOpened, renderRenamed } from "./spawn.js"

const peer = (label: string, state: SessionState = "") =>
  new Peer({
    label,
    name: `lich-${label.slice(0, 4)}`,
    project: "lich",
    kind: "codex",
    state,
    id: `id-${label}`,
    path: "/p",
    projectPath: "/p"
  })

describe("the roster", () => {
  it("prints a header and one tab-separated row per session, with - for no state", () => {
    expect(renderSessions([peer("docs", "busy"), peer("api")])).toBe(
      "session\tproject\tprovider\tname\tstate\ndocs\tlich\tcodex\tlich-docs\tbusy\napi\tlich\tcodex\tlich-api\t-"
    )
  })
  it("says so when nobody else is live", () => {
    expect(renderSessions([])).toBe("No other live sessions.")
  })
  it("appends the id column for whoami", () => {
    expect(renderWhoami(peer("me", "done"))).toBe("session\tproject\tprovider\tname\tstate\tid\nme\tlich\tcodex\tlich-me\tdone\tid-me")
  })
})

const session = new Session({
  id: SessionId.make("9f8e"),
  projectId: ProjectId.make("p1"),
  project: "lich",
  label: "auth-fix",
  name: "auth-fix-9f8e",
  kind: "claude",
  path: "",
  nextSeq: 5,
  originSessionId: "",
  originLabel: "",
  confined: false,
  folder: ""
})

describe("open, close and rename", () => {
  it("names both addresses and the worktree when there is one", () => {
    const text = renderOpened(new Opened({ session, worktree: "/wt/auth-fix", startError: "", resumed: false }))
    expect(text.split("\n")[0]).toBe('Opened session "auth-fix" (claude) in project "lich", in worktree /wt/auth-fix.')
    expect(text.split("\n")[1]).toMatch(/^It answers to "auth-fix" and to "auth-fix-9f8e"\. Its agent may still be starting/)
  })
  it("words each way a close can settle its checkout", () => {
    const c = { id: "1", projectId: "p", project: "lich", label: "x" }
    expect(renderClosed(new Closed({ ...c, worktree: "", kept: false, removed: false }))).toBe('Closed "x".')
    expect(renderClosed(new Closed({ ...c, worktree: "/w", kept: false, removed: true }))).toBe('Closed "x" and removed its worktree /w.')
    expect(renderClosed(new Closed({ ...c, worktree: "/w", kept: true, removed: false }))).toMatch(
      /^Closed "x"\. Its worktree \/w is still there, and the session is parked/
    )
  })
  it("renames in one line", () => {
    expect(renderRenamed(new Renamed({ id: "1", project: "lich", label: "new", previous: "old" }))).toBe('Renamed "old" to "new".')
  })
})

const result = (status: RelayResult["status"], answer = "") => new RelayResult({ ticket: "a1b2c3d4", target: "docs", status, answer })

describe("relay outcomes", () => {
  it("prints an answer alone", () => {
    expect(renderResult(result("answered", "all green"))).toBe("all green")
  })
  it("hands back the ticket for a pending errand, in the contract's words for a session sender", () => {
    expect(renderResult(result("pending"))).toBe(
      "docs is still working. The errand is open — a message that session was not ready for is held until it is — and a note will be typed at the sending session's prompt when its result is ready. To hold the line for it instead:\n  lich wait a1b2c3d4"
    )
    expect(renderResult(result("pending"), "mcp")).toContain('wait_for_answer (ticket "a1b2c3d4"')
  })
  it("says what lich does not know about a target that reports no state, and still hands back the ticket", () => {
    const r = new RelayResult({ ticket: "a1b2c3d4", target: "docs", status: "pending", answer: "", detail: "unreported" })
    const text = renderResult(r)
    expect(text).toMatch(
      /^docs reports no state to lich, so whether it is still working, finished without replying, or never read the message is not known here/
    )
    expect(text).not.toContain("is still working.")
    expect(text).toContain("lich wait a1b2c3d4")
  })
  it("says a task held for a silent target's prompt was not typed there, rather than that nothing came back", () => {
    const r = new RelayResult({ ticket: "a1b2c3d4", target: "docs", status: "pending", answer: "", detail: "untyped" })
    const text = renderResult(r)
    expect(text).toMatch(/^docs has not been given the message yet: lich holds it until that session is at its prompt/)
    expect(text).toContain("Nothing has been typed there")
    expect(text).not.toContain("typed at its prompt")
    expect(text).toContain("lich wait a1b2c3d4")
  })
  it("sends a person to the card when the answer stayed in that session", () => {
    expect(renderResult(result("unanswered"))).toBe(
      'The "docs" session finished its turn without answering through lich. Whatever it produced is in that session — tell the user to open the "docs" card to read it.'
    )
  })
  it("collects oldest first and lists who still owes an answer", () => {
    const c = new Collected({ results: [result("answered", "done")], open: ["api", "web"], held: false })
    expect(renderCollected(c)).toBe(
      'Answer from "docs" (ticket a1b2c3d4):\ndone\n\nStill working: "api", "web". Their results will announce themselves at your prompt.'
    )
    expect(renderCollected(new Collected({ results: [], open: [], held: false }))).toBe(
      "Nothing to collect: no results are waiting and no errand of yours is open."
    )
  })
  it("maps every status to the contract's exit code", () => {
    expect(exitCodeFor("answered")).toBe(0)
    expect(exitCodeFor("pending")).toBe(2)
    for (const s of ["unread", "undelivered", "unanswered", "stopped", "expired"] as const) expect(exitCodeFor(s)).toBe(3)
    for (const s of ["NotFound", "Ambiguous", "Refused", "Failed", "Unreachable", "Usage"] as const) expect(exitCodeFor(s)).toBe(1)
  })
})
