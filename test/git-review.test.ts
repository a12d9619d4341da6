/**
 * Review through a real backend and fake agents: comments are kept in the store (a backend restart
 * keeps them), two comments on two files go to the author as exactly one prompt naming both places
 * and quoting their lines, a comment on lines the agent has since changed is outdated, and "ask for a
 * review" has a session of another kind answer in `path:line:` form, read back as its comments.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import type { Review, ReviewComment, ReviewState } from "@lich/contract"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  type AgentEvent,
  type Backend,
  type Events,
  fakeAgent,
  lichBin,
  post,
  waitForOutput,
  waitForRecord,
  watchEvents
} from "./harness.js"
import { git, makeRepo, postHook, type Repo, startBackendWith } from "./workspaceHarness.js"

let b: Backend
let repo: Repo
let second: ReturnType<typeof spawn> | undefined
let events: Events | undefined
/** The fake agents' wrapper scripts: removed with the backend. */
let bin = ""

// What the wire carries (the contract's encoded shapes), as the tests read it.
type State = typeof ReviewState.Encoded
type Comment = typeof ReviewComment.Encoded
type Round = typeof Review.Encoded

/** The session's review once the round `id` is settled: the session-review event that says so. */
const settledReview = (id: string) =>
  events!
    .until((e) => e._tag === "session-review" && (e.review as State).reviews.some((r) => r.id === id && r.status !== "sending"))
    .then((e) => e.review as State)

/** A fake agent that reports its turns and answers every relayed message with `answer`. */
const wrapper = (dir: string, name: string, answer: string) => {
  const answerFile = path.join(dir, `${name}.answer`)
  fs.writeFileSync(answerFile, answer)
  const file = path.join(dir, name)
  fs.writeFileSync(
    file,
    `#!/bin/sh\nFAKE_REPLY="$(cat '${answerFile}')"; export FAKE_REPLY FAKE_HOOKS=1\nexec node '${fakeAgent}' "$@"\n`,
    { mode: 0o755 }
  )
  return file
}

beforeAll(async () => {
  bin = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "lich-review-bin-"))
  b = await startBackendWith({
    LICH_CLAUDE_BIN: wrapper(bin, "author", "Done: both addressed."),
    LICH_CODEX_BIN: wrapper(bin, "reviewer", "a.ts:2: name this better\n- `b.ts`:1-1: say why\nSummary: fine otherwise")
  })
  repo = makeRepo(b, "reviewed")
})
afterAll(async () => {
  events?.close()
  if (second && second.exitCode === null) {
    second.kill("SIGTERM")
    await new Promise((r) => second!.on("exit", r))
  }
  await b?.stop()
  if (bin !== "") fs.rmSync(bin, { recursive: true, force: true })
})

const rpc = async <A>(method: string, body: unknown) => {
  const r = await post(b, `/rpc/git.${method}`, body)
  expect(r.status, r.text).toBe(200)
  return r.json() as A
}
const messages = (id: string) => path.join(b.env.FAKE_AGENT_LOG!, `${id}.messages.jsonl`)
const readEvents = (id: string): Array<AgentEvent> =>
  fs.existsSync(messages(id))
    ? fs
        .readFileSync(messages(id), "utf8")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l))
    : []

describe("line comments and reviews", () => {
  let a: { id: string; path: string }

  it("keeps two comments on two files, quoting their lines", async () => {
    const r = await b.lich(["open", "--project", repo.dir, "--json", "--worktree", "rev-a", "--kind", "claude"])
    a = JSON.parse(r.stdout)
    fs.writeFileSync(path.join(a.path, "a.ts"), "const x = 1\nconst y = 2\nexport { x, y }\n")
    git(a.path, ["add", "a.ts"])
    git(a.path, ["commit", "-q", "-m", "a"])
    fs.writeFileSync(path.join(a.path, "b.ts"), "export const b = 1\n")
    await postHook(b, "/session-touched", { session_id: a.id })
    const one = await rpc<Comment>("Comment", {
      id: a.id,
      path: "a.ts",
      section: "committed",
      side: "new",
      startLine: 2,
      endLine: 3,
      text: "why two?"
    })
    expect(one).toMatchObject({ quoted: "const y = 2\nexport { x, y }", state: "draft", outdated: false, authorKind: "person" })
    await rpc("Comment", { id: a.id, path: "b.ts", section: "uncommitted", side: "new", startLine: 1, endLine: 1, text: "rename b" })
    const bad = await post(b, "/rpc/git.Comment", {
      id: a.id,
      path: "b.ts",
      section: "uncommitted",
      side: "new",
      startLine: 5,
      endLine: 9,
      text: "x"
    })
    expect(bad.json().error).toBe(`"b.ts" has no lines 5–9 on its new side in "rev-a" — comment on lines the diff shows`)
  })

  it("keeps them across a backend restart, and marks one outdated once its lines change", async () => {
    expect((await b.lich(["quit"])).code).toBe(0)
    second = spawn(lichBin, ["--no-window"], { env: b.env, stdio: ["ignore", "pipe", "pipe"] })
    await waitForOutput(second, /Window: http/)
    events = await watchEvents(b)
    await post(b, "/rpc/spawn.Start", { from: "", target: a.id })
    fs.writeFileSync(path.join(a.path, "b.ts"), "export const renamed = 1\n")
    const st = await rpc<State>("Review", { id: a.id })
    expect(st.comments.map((c) => [c.path, c.text, c.outdated])).toEqual([
      ["a.ts", "why two?", false],
      ["b.ts", "rename b", true]
    ])
  })

  it("sends every draft to the author as exactly one prompt naming both places, and shows its answer", async () => {
    const round = await rpc<Round>("SendReview", { id: a.id })
    expect(round).toMatchObject({ kind: "sent", comments: 2, peerId: a.id })
    const submitted = await waitForRecord<AgentEvent>(
      messages(a.id),
      (e) => e.event === "submit" && (e.text ?? "").includes("Review of your changes")
    )
    expect(submitted.text).toContain("a.ts:2-3 (committed)\n   > const y = 2\n   > export { x, y }\n   why two?")
    expect(submitted.text).toContain("b.ts:1\n   > export const b = 1\n   rename b")
    expect(readEvents(a.id).filter((e) => e.event === "submit" && (e.text ?? "").includes("Review of your changes"))).toHaveLength(1)
    await waitForRecord<AgentEvent>(messages(a.id), (e) => e.event === "replied")
    const st = await settledReview(round.id)
    expect(st.reviews.find((x) => x.id === round.id)).toMatchObject({ status: "answered", answer: "Done: both addressed." })
    expect(st.comments.every((c) => c.state === "sent" && c.sentIn === round.id)).toBe(true)
    expect((await post(b, "/rpc/git.SendReview", { id: a.id })).json().error).toBe(`"rev-a" has no unsent comments`)
  })

  it("asks a session of another kind for a review and reads its path:line answer back as its comments", async () => {
    const round = await rpc<Round>("AskReview", { id: a.id, reviewer: "", kind: "" })
    expect(round).toMatchObject({ kind: "asked", status: "sending" })
    expect(round.peerId).not.toBe(a.id)
    const asked = await waitForRecord<AgentEvent>(messages(round.peerId), (e) => e.event === "submit")
    expect(asked.text).toMatch(
      /Please review the changes of session "rev-a" on branch rev-a, against main\.\nThe whole diff is in \/.*\.diff/
    )
    const diffFile = /The whole diff is in (\S+\.diff)/.exec(asked.text ?? "")![1]!
    expect(fs.readFileSync(diffFile, "utf8")).toContain("+const y = 2")
    const st = await settledReview(round.id)
    const theirs = st.comments.filter((c) => c.authorKind === "reviewer")
    expect(theirs.map((c) => [c.path, c.startLine, c.endLine, c.text, c.state])).toEqual([
      ["a.ts", 2, 2, "name this better", "draft"],
      ["b.ts", 1, 1, "say why", "draft"]
    ])
    expect(st.reviews.find((x) => x.id === round.id)?.summary).toBe("fine otherwise")
  })

  it("commits with a message asked of the agent through the relay when none is typed", async () => {
    fs.writeFileSync(path.join(a.path, "c.ts"), "export const c = 3\n")
    const done = await rpc("Commit", { id: a.id, message: "" })
    expect(done).toMatchObject({ message: "Done: both addressed.", files: 2 })
    expect(git(a.path, ["log", "-1", "--format=%s"])).toBe("Done: both addressed.")
    expect(git(a.path, ["status", "--porcelain"])).toBe("")
  })
})
