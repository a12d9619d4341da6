/**
 * Agent cards with the real Claude Code: the model's Agent call in a lich session opens a worker card
 * (lich open --subagent, run by lich's plugin mod at agent.spawn), filed under the asker; the worker —
 * a second real Claude Code — gets the task with no ticket, its final message comes back into the
 * asker's conversation as the report, and the worker parks itself. An isolated call gets a
 * subagent/… branch and worktree and keeps its card; TaskStop closes a worker.
 *
 * The times from the Agent call to the card and to the report are printed at the end: the issue's
 * closing note quotes them.
 */
import { spawnSync } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ClaudeRig, type LichEvent, type Opened, startClaudeRig } from "./claudeHarness.js"
import type { Logged } from "./mockAnthropic.js"

let rig: ClaudeRig
let asker: Opened
const timings: Array<string> = []

const git = (cwd: string, ...args: ReadonlyArray<string>) => expect(spawnSync("git", args, { cwd }).status).toBe(0)

beforeAll(async () => {
  rig = await startClaudeRig({ trusted: true })
  const dir = rig.dirs.trusted!
  // A repository, so an isolated call can have a worktree of its own.
  git(dir, "init", "-q", "-b", "main")
  git(dir, "-c", "user.email=e2e@lich", "-c", "user.name=e2e", "commit", "-q", "--allow-empty", "-m", "start")
  asker = await rig.open(dir)
})
afterAll(async () => {
  if (timings.length > 0) console.log(`e2e agent cards: ${timings.join(", ")}`)
  await rig?.stop()
})

/** Workers already seen, so each test waits for the card its own Agent call opens. */
const known = new Set<string>()
const newWorker =
  (extra: (s: Record<string, unknown>) => boolean = () => true) =>
  (e: LichEvent) => {
    const s = e.session as Record<string, unknown> | undefined
    if (e._tag !== "session-opened" || !s || s.originSessionId !== asker.id || known.has(String(s.id)) || !extra(s)) return false
    known.add(String(s.id))
    return true
  }
const main = (pattern: RegExp) => (e: Logged) => e.kind === "main" && pattern.test(e.prompt)
const agentCall = (tag: string, extra: Record<string, unknown> = {}) => ({
  // A prompt lich's plugin submits reaches the model as "The lich plugin sent a message:\n<text>\n…".
  match: new RegExp(`message:\\n${tag}\\n`),
  steps: [
    {
      toolUse: {
        name: "Agent",
        input: {
          description: `${tag.toLowerCase()} the readme`,
          prompt: `${tag}-TASK look at the readme and report`,
          subagent_type: "general-purpose",
          ...extra
        }
      }
    },
    { text: "the worker is on it" }
  ]
})

describe("an Agent call in a lich session", () => {
  it("opens a worker card filed under the asker, hands it the task with no ticket, brings its report back whole, and parks it", async () => {
    rig.mock.rules.push(agentCall("CARD"))
    // Slower than the open's own 20 s wait: the call answers async_launched and the report comes as a note.
    rig.mock.rules.push({ match: /CARD-TASK/, steps: [{ text: "CARD-REPORT: the readme is one line long", delayMs: 22_000 }] })
    rig.mock.rules.push({ match: /CARD-REPORT/, steps: [{ text: "noted" }] })
    const t0 = Date.now()
    expect((await rig.b.lich(["control", asker.id, "prompt", "CARD"])).code).toBe(0)
    const card = await rig.event(newWorker())
    timings.push(`Agent call to card ${Date.now() - t0} ms`)
    const worker = card.session as { id: string; label: string; folder: string; path: string }
    expect(worker.folder).toBe(asker.label)
    expect(worker.path).toBe("")
    const task = await rig.mock.waitFor(main(/CARD-TASK/))
    expect(task.prompt).toMatch(/\[lich\] Task from session ".*", which opened you as its subagent\./)
    expect(task.prompt).not.toMatch(/reply [0-9a-f]{8}/)
    // The report reaches the asker's own conversation, whole, as a note from lich's plugin.
    const back = await rig.mock.waitFor(main(/CARD-REPORT/))
    timings.push(`Agent call to report ${Date.now() - t0} ms`)
    expect(back.agentId).toBeUndefined()
    expect(back.prompt).toContain("CARD-REPORT: the readme is one line long")
    expect(back.prompt).toContain(`Report from your subagent "${worker.label}"`)
    await rig.event((e) => e._tag === "session-closed" && e.id === worker.id)
    const live = JSON.parse((await rig.b.lich(["sessions", "--json"])).stdout) as Array<{ id: string }>
    expect(live.map((s) => s.id)).not.toContain(worker.id)
  })

  it("gives an isolated call a subagent/ branch and worktree of its own, and keeps its card after the report", async () => {
    rig.mock.rules.push(agentCall("ISOLATE", { isolation: "worktree" }))
    rig.mock.rules.push({ match: /ISOLATE-TASK/, steps: [{ text: "ISOLATE-REPORT: done on my branch" }] })

    expect((await rig.b.lich(["control", asker.id, "prompt", "ISOLATE"])).code).toBe(0)
    const card = await rig.event(newWorker((s) => String(s.path) !== ""))
    const worker = card.session as { id: string; label: string; path: string }
    expect(worker.label).toMatch(/^subagent\/isolate-the-readme-[0-9a-z]{4}$/)
    const branch = spawnSync("git", ["branch", "--show-current"], { cwd: worker.path, encoding: "utf8" }).stdout.trim()
    expect(branch).toBe(worker.label)
    // Within the open's wait: the Agent call itself answers completed, the report in its result.
    const result = await rig.mock.waitFor((e) => e.kind === "main" && e.toolResults.some((r) => r.includes("ISOLATE-REPORT")))
    expect(result.toolResults.join("\n")).toContain(worker.path)
    const listed = JSON.parse((await rig.b.lich(["sessions", "--json"])).stdout) as Array<{ id: string }>
    expect(listed.map((s) => s.id)).toContain(worker.id)
  })

  it("stops a worker with TaskStop: lich closes the card it opened", async () => {
    rig.mock.rules.push(agentCall("LONG"))
    // The worker's turn runs long enough to be stopped mid-way.
    rig.mock.rules.push({ match: /LONG-TASK/, steps: [{ text: "never sent", delayMs: 120_000 }] })
    await rig.event((e) => e._tag === "session-status" && e.id === asker.id && e.state === "done")
    expect((await rig.b.lich(["control", asker.id, "prompt", "LONG"])).code).toBe(0)
    const card = await rig.event(newWorker())
    const worker = card.session as { id: string; name: string }
    await rig.mock.waitFor(main(/LONG-TASK/))
    rig.mock.rules.push({
      match: /message:\nSTOP\n/,
      steps: [{ toolUse: { name: "TaskStop", input: { task_id: worker.name } } }, { text: "stopped it" }]
    })
    // The asker's turn after its Agent call may still be ending: a prompt taken then still goes through (exit 2).
    expect([0, 2]).toContain((await rig.b.lich(["control", asker.id, "prompt", "STOP"])).code)
    await rig.event((e) => e._tag === "session-closed" && e.id === worker.id)
    const done = await rig.mock.waitFor(main(/message:\nSTOP\n/), 1)
    expect(done.kind).toBe("main")
  })
})
