/**
 * The real Codex (pinned, from npm) as lich sessions, against our mock OpenAI API, offline. What the
 * issue found broken is proven working here through lich's own argv and environment: the MCP relay
 * with no approval dialog, "$LICH_BIN" reply from inside Codex's sandbox, lich mcp knowing its
 * session, state from the hooks lich registers, and a trust dialog that holds the first task.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type LichEvent, type OpenaiRig, startOpenaiRig, ticketIn } from "./openaiRig.js"

/** The rules the mock plays, keyed on the newest user message (the relayed task). */
const rules = [
  {
    when: /RELAY-MCP/,
    steps: (t: string) => [
      { call: { name: "reply_to_session", namespace: "mcp__lich", args: { ticket: ticketIn(t), answer: "mcp answer" } } },
      { text: "Replied." }
    ]
  },
  {
    when: /RELAY-NOTICKET/,
    steps: () => [
      { call: { name: "reply_to_session", namespace: "mcp__lich", args: { answer: "no-ticket answer" } } },
      { text: "Replied." }
    ]
  },
  {
    when: /RELAY-SHELL/,
    steps: (t: string) => [
      { call: { name: "exec_command", args: { cmd: `"$LICH_BIN" reply ${ticketIn(t)} "shell answer"` } } },
      { text: "Replied." }
    ]
  },
  { when: /TEXT-ONLY/, steps: () => [{ text: "I looked at it and I am done, without replying." }] },
  {
    when: /ASK-PERMISSION/,
    steps: () => [
      {
        call: {
          name: "exec_command",
          args: {
            cmd: "touch /permission-proof",
            sandbox_permissions: "require_escalated",
            justification: "needs to write outside the workspace"
          }
        }
      },
      { text: "Done." }
    ]
  },
  {
    when: /AFTER-TRUST/,
    steps: (t: string) => [
      { call: { name: "reply_to_session", namespace: "mcp__lich", args: { ticket: ticketIn(t), answer: "trusted answer" } } },
      { text: "ok" }
    ]
  }
] as const

let rig: OpenaiRig
let _label = ""
let id = ""
const suiteStart = Date.now()

beforeAll(async () => {
  rig = await startOpenaiRig(rules)
  const s = await rig.open(rig.project("plain"), "codex")
  _label = s.label
  id = s.id
}, 120_000)

afterAll(async () => {
  await rig?.stop()
  console.log(`codex e2e: ${((Date.now() - suiteStart) / 1000).toFixed(1)} s`)
})

const status = (sid: string, state: string) => (e: LichEvent) => e._tag === "session-status" && e.id === sid && e.state === state

const send = async (prompt: string, timeout = 60) => {
  const t0 = Date.now()
  const r = await rig.b.lich(["send", "--timeout", String(timeout), id, prompt])
  if (r.code === 1) console.log(`send ${prompt}: ${r.stderr}`)
  return { ...r, ms: Date.now() - t0 }
}

describe("a Codex session lich started", () => {
  it("answers over lich's MCP tool with no approval dialog, and reports busy then done", async () => {
    const busy = rig.event(status(id, "busy"))
    const done = rig.event(status(id, "done"))
    const r = await send("RELAY-MCP: say hello")
    expect(r).toMatchObject({ code: 0, stdout: "mcp answer\n" })
    await busy
    await done
    console.log(`codex MCP relay: ${r.ms} ms`)
  })

  it('answers with "$LICH_BIN" reply from inside Codex\'s sandbox', async () => {
    const r = await send("RELAY-SHELL: reply from the shell")
    const call = await rig.mock.next((l) => /RELAY-SHELL/.test(l.user) && l.step === 1)
    const outputs = (call.body.input as Array<Record<string, unknown>>).filter((i) => i.type === "function_call_output")
    expect(r, JSON.stringify(outputs.at(-1))).toMatchObject({ code: 0, stdout: "shell answer\n" })
    // The command's own output went back to the model: no EPERM from the sandbox.
    expect(JSON.stringify(call.body)).not.toMatch(/EPERM/)
    console.log(`codex shell relay: ${r.ms} ms`)
  })

  it("runs lich mcp as the session: a reply that names no ticket answers the one open request", async () => {
    const r = await send("RELAY-NOTICKET: answer without the ticket")
    expect(r).toMatchObject({ code: 0, stdout: "no-ticket answer\n" })
  })

  it("ends a send with exit 3 soon after a turn that answered nothing", async () => {
    const r = await send("TEXT-ONLY: just talk", 60)
    expect(r.code, r.stdout).toBe(3)
    expect(r.stdout).toMatch(/finished its turn without answering through lich/)
    expect(r.ms).toBeLessThan(20_000)
    console.log(`codex text-only turn to exit 3: ${r.ms} ms`)
  })

  it("shows waiting, with what asks, while Codex's permission dialog is up", async () => {
    const s = await rig.open(rig.project("perm"), "codex")
    const waiting = rig.event((e) => e._tag === "session-status" && e.id === s.id && e.state === "waiting")
    const sent = rig.b.lich(["send", "--timeout", "5", s.id, "ASK-PERMISSION: write outside"])
    const w = await waiting
    expect(String(w.reason)).toMatch(/permission to run Bash: touch \/permission-proof/)
    expect((await sent).code).toBe(2)
    const roster = await rig.b.lich(["sessions", "--json"])
    expect(JSON.parse(roster.stdout).find((x: { id: string }) => x.id === s.id).state).toBe("waiting")
  })

  it("holds the first task behind Codex's folder-trust dialog, shows it on the card, and types it once answered", async () => {
    const repo = rig.project("repo", { git: true })
    const s = await rig.open(repo, "codex")
    const waiting = rig.event((e) => e._tag === "session-status" && e.id === s.id && e.state === "waiting")
    const w = await waiting
    expect(String(w.reason)).toMatch(/trust this folder/)
    const term = await rig.terminal(s.id)
    await term.until(/Trust and continue/)
    // A wait that runs out meanwhile says the session waits on a person, and why — nothing was typed.
    const held = await rig.b.lich(["send", "--timeout", "2", s.id, "AFTER-TRUST: the first task"])
    expect(held.code).toBe(2)
    expect(held.stdout).toContain("is waiting on a person, not working: Codex asks whether to trust this folder")
    const ticket = /lich wait ([0-9a-f]{8})/.exec(held.stdout)![1]!
    // Held, not typed: the mock has not seen the task while the dialog is up.
    expect(rig.mock.log.some((l) => /AFTER-TRUST/.test(l.user))).toBe(false)
    // A person answers the dialog in the card; then the task goes in and is answered.
    const sent = rig.b.lich(["wait", "--timeout", "90", ticket])
    term.type("\r")
    const r = await sent
    expect(r, term.tail(1500)).toMatchObject({ code: 0, stdout: "trusted answer\n" })
    term.close()
    // The answer is Codex's to keep: the next session in that repository opens straight to its prompt.
    const next = await rig.open(repo, "codex")
    const again = await rig.b.lich(["send", "--timeout", "60", next.id, "AFTER-TRUST: a second session"])
    expect(again).toMatchObject({ code: 0, stdout: "trusted answer\n" })
    expect(rig.seen((e) => e._tag === "session-status" && e.id === next.id && e.state === "waiting")).toBe(false)
  })
})
