/**
 * `lich open --subagent` against a real backend with fake agents: the refusals before anything
 * opens, the worker in its caller's checkout one level down and filed with it, the report coming
 * home, the worker parking itself once done, closing in silence by its caller and as stopped by
 * anyone else, and mod-answer (the test posts what a worker's mod would). The real Claude Code's
 * Agent call turned into a card is proved in test/e2e/. A worker that does not answer holds its
 * open for the fixed 20 s hand-off wait, so those tests take that long.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  type AgentEvent,
  type AgentRecord,
  agent,
  type Backend,
  type Events,
  post,
  startBackend,
  waitForJson,
  waitForRecord,
  watchEvents
} from "./harness.js"

let b: Backend
let project: string
let events: Events
/** Resolves once an event matching `match` has arrived on /events (now or later). */
const until = (match: (e: Record<string, unknown>) => boolean) => events.until(match)

interface Opened {
  readonly id: string
  readonly label: string
  readonly name: string
  readonly path: string
  readonly folder: string
  readonly originSessionId: string
  readonly originLabel: string
  readonly delivery?: { ticket: string; target: string; status: string; answer: string }
}

const open = async (args: ReadonlyArray<string>, from?: string) => {
  const r = await b.lich(["open", ...args, "--json"], from === undefined ? {} : { LICH_SESSION_ID: from })
  return { ...r, session: r.stdout === "" ? undefined : (JSON.parse(r.stdout) as Opened) }
}

const caller = async (kind = "claude") => (await open(["--project", project, "--kind", kind])).session!
const record = (id: string) => waitForJson<AgentRecord>(path.join(b.env.FAKE_AGENT_LOG!, `${id}.json`))
const liveIds = async () => (JSON.parse((await b.lich(["sessions", "--json"])).stdout) as Array<{ id: string }>).map((s) => s.id)
const folders = async () =>
  JSON.parse((await b.lich(["folders", "--project", project, "--json"])).stdout) as Array<{ name: string; sessions: string[] }>

beforeAll(async () => {
  b = await startBackend({ LICH_CLAUDE_BIN: agent("hooked-replier"), LICH_CRUSH_BIN: agent("hooked-silent"), LICH_KIRO_BIN: agent("mute") })
  project = b.project("workers")
  events = await watchEvents(b)
})
afterAll(async () => {
  events?.close()
  await b?.stop()
})

describe("lich open --subagent refuses, before anything opens", () => {
  it("without --prompt, outside a session, and with --project, --folder or --private", async () => {
    const me = await caller()
    const before = (await liveIds()).length
    const cases: Array<[ReadonlyArray<string>, string | undefined, RegExp]> = [
      [["--subagent"], me.id, /^lich: --subagent hands the new worker a task, and needs --prompt$/],
      [
        ["--subagent", "--prompt", "x"],
        undefined,
        /^lich: --subagent opens a worker for the session this runs in, and this is not a lich session/
      ],
      [["--subagent", "--prompt", "x", "--project", project], me.id, /refuses --project$/],
      [["--subagent", "--prompt", "x", "--folder", "F", "--private"], me.id, /refuses --folder, --private$/]
    ]
    for (const [args, from, line] of cases) {
      const r = await open(args, from)
      expect(r.code).toBe(1)
      expect(r.stdout).toBe("")
      expect(r.stderr.trimEnd()).toMatch(line)
    }
    expect((await liveIds()).length).toBe(before)
  })
})

describe("a subagent worker", () => {
  it("opens in its caller's checkout under the counter's label, one level down, filed in a folder named after its caller", async () => {
    const me = await caller()
    const r = await open(["--subagent", "--kind", "crush", "--prompt", "look around"], me.id)
    expect(r.code).toBe(0)
    const w = r.session!
    expect(w).toMatchObject({ path: me.path, folder: me.label, originSessionId: me.id, originLabel: me.label })
    expect(w.label).toMatch(/^Session \d+$/)
    expect(w.delivery).toMatchObject({ target: w.label, status: "pending" })
    expect((await record(w.id)).cwd).toBe(project)
    // The caller is filed there too, so the two sit together.
    expect((await folders()).find((f) => f.name === me.label)?.sessions.sort()).toEqual([me.label, w.label].sort())
  }, 90_000)

  it("runs LICH_SUBAGENT_DEPTH levels down, and a card a card opened keeps its own subagents native", async () => {
    // Level one on a worktree of its own, so it stays open after it answered and can open a worker itself.
    const repo = b.project("repo")
    for (const args of [
      ["init", "-q", "-b", "main"],
      ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init"]
    ]) {
      expect(spawnSync("git", args, { cwd: repo }).status).toBe(0)
    }
    const top = (await open(["--project", repo, "--kind", "claude"])).session!
    expect((await record(top.id)).env.LICH_SUBAGENT_DEPTH).toBe("0")
    const one = (await open(["--subagent", "--kind", "claude", "--worktree", "subagent/level-one-ab12", "--prompt", "level one"], top.id))
      .session!
    const oneEnv = (await record(one.id)).env
    expect(oneEnv.LICH_SUBAGENT_DEPTH).toBe("1")
    expect(oneEnv.LICH_SUBAGENT_CARDS).toBeUndefined()
    const two = (await open(["--subagent", "--kind", "claude", "--prompt", "level two"], one.id)).session!
    const twoEnv = (await record(two.id)).env
    expect(twoEnv.LICH_SUBAGENT_DEPTH).toBe("2")
    expect(twoEnv.LICH_SUBAGENT_CARDS).toBe("off")
    // Filed with its caller: the level-one worker's folder, which is named after the top session.
    expect(two.folder).toBe(top.label)
  }, 90_000)

  it("hands its report home and parks itself once it answered and its turn ended", async () => {
    const me = await caller()
    const r = await open(["--subagent", "--kind", "claude", "--prompt", "report back"], me.id)
    const w = r.session!
    // The replier answers within the open's own wait: the report is in the delivery.
    expect(w.delivery).toMatchObject({ status: "answered", answer: "echo: report back" })
    // Parked as lich close parks a session in a shared checkout: its card closes, its process ends.
    expect(await until((e) => e._tag === "session-closed" && e.id === w.id)).toMatchObject({ id: w.id })
    await until((e) => e._tag === "session-exit" && e.id === w.id)
    expect(await liveIds()).not.toContain(w.id)
    expect(await liveIds()).toContain(me.id)
  })

  it("closed by its own caller ends its errand in silence; closed by anyone else, the caller collects stopped", async () => {
    const me = await caller()
    const quiet = (await open(["--subagent", "--kind", "crush", "--prompt", "work a while"], me.id)).session!
    expect((await b.lich(["close", quiet.id], { LICH_SESSION_ID: me.id })).code).toBe(0)
    const nothing = await b.lich(["wait", "--no-wait"], { LICH_SESSION_ID: me.id })
    expect(nothing.stdout).toMatch(/^Nothing to collect/)

    const other = (await open(["--subagent", "--kind", "crush", "--prompt", "work longer"], me.id)).session!
    expect((await b.lich(["close", other.id])).code).toBe(0)
    const told = await b.lich(["wait", "--no-wait"], { LICH_SESSION_ID: me.id })
    expect(told.stdout).toBe(
      `"${other.label}" was closed before it answered (ticket ${other.delivery!.ticket}). No answer is coming through lich.\n`
    )
  }, 90_000)
})

describe("a worker blocked on a permission prompt", () => {
  it("tells its caller once per block, with the reason its hook gave", async () => {
    const me = await caller()
    const w = (await open(["--subagent", "--kind", "crush", "--prompt", "needs approval"], me.id)).session!
    const log = path.join(b.env.FAKE_AGENT_LOG!, `${me.id}.messages.jsonl`)
    const hook = (state: string, reason = "") => post(b, "/hook", { session_id: w.id, state, reason })
    expect((await hook("busy")).status).toBe(204)
    expect((await hook("waiting", "Claude needs your permission to use Bash")).status).toBe(204)
    const note = await waitForRecord<AgentEvent>(
      log,
      (e) => e.event === "submit" && (e.text ?? "").includes("is waiting on a permission prompt")
    )
    expect(note.text).toContain(
      `Your subagent "${w.label}" is waiting on a permission prompt in its card (Claude needs your permission to use Bash)`
    )
    // The same block again says nothing more; a new block after it worked again does.
    await hook("waiting", "Claude needs your permission to use Bash")
    await hook("busy")
    await hook("waiting", "Claude needs your permission to use Edit")
    await waitForRecord<AgentEvent>(log, (e) => e.event === "submit" && (e.text ?? "").includes("use Edit"))
    const submits = fs
      .readFileSync(log, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as AgentEvent)
    expect(submits.filter((e) => e.event === "submit" && (e.text ?? "").includes("is waiting on a permission prompt"))).toHaveLength(2)
  }, 90_000)
})

describe("mod-answer", () => {
  const answer = (sessionId: string, text: string) => post(b, "/mod/answer", { session_id: sessionId, text })

  it("answers the worker's errand with its final message, parks the worker, and the caller's wait gets it whole; a later reply is too late", async () => {
    const me = await caller()
    const w = (await open(["--subagent", "--kind", "crush", "--prompt", "find the bug"], me.id)).session!
    expect((await answer(w.id, "  the bug is in parse.ts line 40  ")).status).toBe(204)
    // Its turn had ended (it reported done), so the answer parks it at once: a second answer has no session.
    await until((e) => e._tag === "session-closed" && e.id === w.id)
    expect((await answer(w.id, "a second answer")).status).toBe(404)
    const r = await b.lich(["wait", w.delivery!.ticket, "--json"], { LICH_SESSION_ID: me.id })
    expect(JSON.parse(r.stdout)).toEqual({
      ticket: w.delivery!.ticket,
      target: w.label,
      status: "answered",
      answer: "the bug is in parse.ts line 40"
    })
    const late = await b.lich(["reply", w.delivery!.ticket, "too late"], { LICH_SESSION_ID: w.id })
    expect(late.code).toBe(1)
    expect(late.stderr).toMatch(/answered already/)
  }, 90_000)

  it("is ignored while the worker still waits on an errand of its own", async () => {
    const me = await caller()
    const w = (await open(["--subagent", "--kind", "crush", "--prompt", "delegate"], me.id)).session!
    const helper = (await open(["--project", project, "--kind", "kiro"])).session!
    const out = await b.lich(["send", "--timeout", "1", helper.id, "help me"], { LICH_SESSION_ID: w.id })
    expect(out.code).toBe(2)
    expect((await answer(w.id, "premature")).status).toBe(204)
    const still = await b.lich(["wait", "--timeout", "1", w.delivery!.ticket], { LICH_SESSION_ID: me.id })
    expect(still.code).toBe(2)
  }, 90_000)

  it("refuses a blank answer with one line, and answers 404 for a session lich is not running", async () => {
    const me = await caller()
    const w = (await open(["--subagent", "--kind", "crush", "--prompt", "x"], me.id)).session!
    const blank = await answer(w.id, "   ")
    expect(blank.status).toBe(400)
    expect(blank.text).toMatch(/^[^\n]+$/)
    expect((await answer("0123456789abcdef0123456789abcdef", "x")).status).toBe(404)
    expect(fs.existsSync(b.dir)).toBe(true)
  }, 90_000)
})
