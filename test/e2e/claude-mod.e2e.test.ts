/**
 * The mod channel with the real Claude Code: lich's plugin mod, loaded into every Claude Code session
 * lich starts, takes `lich control` commands, answers `lich ask` side questions and receives `send`
 * tasks without typing at the terminal; and a session still on Claude Code's trust dialog is not typed
 * at. Offline against our mock Messages API, started by lich's own argv (see claudeHarness.ts).
 *
 * The control and ask latencies (CLI call to exit) are printed at the end: the closing note
 * quotes them.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ClaudeRig, type Opened, startClaudeRig } from "./claudeHarness.js"
import type { Logged } from "./mockAnthropic.js"

let rig: ClaudeRig
const latencies: Array<string> = []

beforeAll(async () => {
  rig = await startClaudeRig({ trusted: true, untrusted: false })
  // A project slash command whose text reaches the model: what proves `control … command` ran it.
  const commands = path.join(rig.dirs.trusted!, ".claude", "commands")
  fs.mkdirSync(commands, { recursive: true })
  fs.writeFileSync(path.join(commands, "e2e-echo.md"), "SLASH-RAN with $ARGUMENTS\n")
})
afterAll(async () => {
  if (latencies.length > 0) console.log(`e2e latencies (CLI call to exit): ${latencies.join(", ")}`)
  await rig?.stop()
})

const lich = async (...args: ReadonlyArray<string>) => {
  const t0 = Date.now()
  const r = await rig.b.lich(args)
  return { ...r, ms: Date.now() - t0 }
}
/** Runs a lich command and notes how long it took under `name`. */
const measured = async (name: string, ...args: ReadonlyArray<string>) => {
  const r = await lich(...args)
  latencies.push(`${name} ${r.ms} ms`)
  return r
}
const open = (project = "trusted"): Promise<Opened> => rig.open(rig.dirs[project]!)
const mainTurn = (pattern: RegExp) => (e: Logged) => e.kind === "main" && pattern.test(e.prompt)
const reportsState = (id: string, state: string) => (e: Record<string, unknown>) =>
  e._tag === "session-status" && e.id === id && e.state === state
const ticketed = (tag: string) => new RegExp(`${tag}[\\s\\S]*reply ([0-9a-f]{8})`)
const replyOverMcp = (tag: string, answer: string) => ({
  match: ticketed(tag),
  steps: [{ toolUse: { name: "mcp__lich__reply_to_session", input: { ticket: "$1", answer } } }, { text: "replied" }]
})
const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>

describe("lich control on a real Claude Code session", () => {
  let s: Opened

  beforeAll(async () => {
    s = await open()
  })

  it("prompt: starts a turn on the prompt, which the model receives", async () => {
    rig.mock.rules.push({ match: /CTL-PROMPT/, steps: [{ text: "prompt taken" }] })
    const seen = rig.mock.waitFor(mainTurn(/CTL-PROMPT first/))
    // The first command to a fresh session waits for Claude Code to start and its mod to poll.
    const r = await measured("control prompt (fresh session)", "control", s.label, "prompt", "CTL-PROMPT first")
    expect(r).toMatchObject({ code: 0, stderr: "", stdout: `"${s.label}" started a turn on the prompt.\n` })
    await seen
    await rig.event(reportsState(s.id, "done"))
  })

  it("model: the next request carries the model it names", async () => {
    const r = await measured("control model", "control", "--json", s.label, "model", "claude-haiku-4-5-20251001")
    expect(r.code).toBe(0)
    expect(json(r.stdout)).toMatchObject({ id: s.id, label: s.label, action: "model", value: "claude-haiku-4-5-20251001", state: "done" })
    const next = rig.mock.next(mainTurn(/CTL-PROMPT after-model/))
    expect((await measured("control prompt", "control", s.label, "prompt", "CTL-PROMPT after-model")).code).toBe(0)
    expect((await next).model).toBe("claude-haiku-4-5-20251001")
    await rig.event(reportsState(s.id, "done"))
  })

  it("abort: stops a slow turn mid-request, and the session takes the next prompt", async () => {
    rig.mock.rules.push({ match: /SLOW-TURN/, steps: [{ delayMs: 120_000, text: "too late" }] })
    const slow = rig.mock.next(mainTurn(/SLOW-TURN/))
    expect((await lich("control", s.label, "prompt", "SLOW-TURN take your time")).code).toBe(0)
    const request = await slow
    const r = await measured("control abort", "control", "--json", s.label, "abort")
    expect(r.code).toBe(0)
    expect(json(r.stdout)).toMatchObject({ id: s.id, action: "abort", state: "done" })
    expect(await request.ended).toBe("aborted")
    // Claude Code folds the next prompt into the aborted one's message; the mock reads the newest block.
    const after = rig.mock.next(mainTurn(/CTL-PROMPT after-abort/))
    expect((await lich("control", s.label, "prompt", "CTL-PROMPT after-abort")).code).toBe(0)
    expect((await after).rule).toBe("CTL-PROMPT")
    await rig.event(reportsState(s.id, "done"))
  })

  it("command: runs a slash command, here a project command whose text reaches the model", async () => {
    rig.mock.rules.push({ match: /SLASH-RAN/, steps: [{ text: "slash seen" }] })
    const ran = rig.mock.next(mainTurn(/SLASH-RAN with alpha beta/))
    const r = await measured("control command", "control", s.label, "command", "/e2e-echo", "alpha beta")
    expect(r).toMatchObject({ code: 0, stderr: "", stdout: `"${s.label}" ran /e2e-echo.\n` })
    await ran
    await rig.event(reportsState(s.id, "done"))
  })

  it("command: runs Claude Code's own /compact with its instructions, reported as compacting", async () => {
    rig.mock.rules.push({ match: /KEEP-THE-PLAN/, on: "any", steps: [{ text: "<summary>the plan, kept</summary>" }] })
    const compacting = rig.event(reportsState(s.id, "compacting"))
    const summary = rig.mock.next((e) => /KEEP-THE-PLAN/.test(e.prompt))
    const r = await measured("control command compact", "control", s.label, "command", "compact", "KEEP-THE-PLAN please")
    expect(r).toMatchObject({ code: 0, stderr: "", stdout: `"${s.label}" ran /compact.\n` })
    await summary
    await compacting
    // A manual compaction hands the session back at its prompt.
    await rig.event(reportsState(s.id, "done"))
    expect((await lich("sessions", "--json")).stdout).toContain(`"id":"${s.id}"`)
  })
})

describe("lich ask on a real Claude Code session", () => {
  it("is answered by a side request that knows the conversation, and the question never enters it", async () => {
    const s = await open()
    rig.mock.rules.push({ match: /ASK-SETUP/, steps: [{ text: "Noted: the code word is PLUMB." }] })
    rig.mock.rules.push({ match: /ASK-QUESTION/, on: "any", steps: [{ text: "PLUMB, as noted." }] })
    rig.mock.rules.push({ match: /AFTER-ASK/, steps: [{ text: "carrying on" }] })
    expect((await lich("control", s.label, "prompt", "ASK-SETUP remember the code word")).code).toBe(0)
    await rig.event(reportsState(s.id, "done"))

    const side = rig.mock.next((e) => /ASK-QUESTION/.test(e.prompt))
    const r = await measured("ask", "ask", s.label, "ASK-QUESTION", "which", "code", "word?")
    expect(r).toMatchObject({ code: 0, stderr: "", stdout: "PLUMB, as noted.\n" })
    const fork = await side
    expect(fork.conversation).toContain("ASK-SETUP")
    latencies.push(`(ask reached the mock as a ${fork.kind} request, ${fork.tools.length} tools)`)

    const next = rig.mock.next(mainTurn(/AFTER-ASK/))
    expect((await lich("control", s.label, "prompt", "AFTER-ASK go on")).code).toBe(0)
    const conversation = (await next).conversation
    expect(conversation).toContain("ASK-SETUP")
    expect(conversation).not.toContain("ASK-QUESTION")
    expect(conversation).not.toContain("PLUMB, as noted.")
  })
})

describe("send through the mod", () => {
  it("delivers the task without typing, leaving a half-typed line in the input", async () => {
    const s = await open()
    rig.mock.rules.push(replyOverMcp("MOD-TASK", "pong via the mod"))
    rig.mock.rules.push({ match: /^DRAFT-LINE kept as typed$/, steps: [{ text: "draft seen" }] })
    const ins = await lich("insert", "--session", s.id, "DRAFT-LINE kept as typed")
    expect(ins.code).toBe(0)
    const task = rig.mock.next(mainTurn(/MOD-TASK/))
    const r = await lich("send", "--timeout", "60", s.label, "MOD-TASK please")
    expect(r).toMatchObject({ code: 0, stderr: "", stdout: "pong via the mod\n" })
    // Typed delivery would have landed after the draft and sent both as one prompt.
    expect((await task).prompt).not.toContain("DRAFT-LINE")
    await rig.event(reportsState(s.id, "done"))
    // The draft is still in the input box: Enter now submits exactly it.
    const draft = rig.mock.next(mainTurn(/DRAFT-LINE/))
    const term = await rig.terminal(s.id)
    term.type("\r")
    expect((await draft).prompt).toBe("DRAFT-LINE kept as typed")
    term.close()
  })
})

describe("a session on Claude Code's trust dialog", () => {
  it("is not typed at: the task is held, the session stays up, and it is read once the folder is trusted", async () => {
    rig.mock.rules.push(replyOverMcp("TRUST-TASK", "pong after trust"))
    const s = await open("untrusted")
    const term = await rig.terminal(s.id)
    await term.until(/No, exit Yes, I trust this folder/)
    // By id: the label ("Session 1") is shared with the first project's session, and a label two live sessions answer to is refused.
    const r = await lich("send", "--timeout", "5", s.id, "TRUST-TASK please")
    // Held: a ticket comes back; nothing picked "No, exit" and nothing calls the session answered elsewhere.
    // The outcome says why: the session is blocked on Claude Code's own question, not working.
    expect(r).toMatchObject({
      code: 2,
      stderr: "",
      stdout: expect.stringContaining(`${s.label} is waiting on a person, not working: Claude Code asks whether to trust this folder`)
    })
    const ticket = /lich wait ([0-9a-f]{8})/.exec(r.stdout)![1]!
    const listed = JSON.parse((await lich("sessions", "--json")).stdout) as Array<{ id: string }>
    expect(listed.map((x) => x.id)).toContain(s.id)
    expect(rig.mock.log.some((e) => /TRUST-TASK/.test(e.prompt))).toBe(false)
    // A person picks "Yes, I trust this folder"; the mod loads, polls, and collects the held task.
    term.type("\x1b[B")
    await term.until(/❯ Yes, I trust this folder/)
    term.type("\r")
    const w = await lich("wait", "--timeout", "60", ticket)
    expect(w).toMatchObject({ code: 0, stderr: "", stdout: "pong after trust\n" })
    term.close()
  })
})
