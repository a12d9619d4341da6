/**
 * The mod channel against a real backend, with this test playing the lich-plugin mod over HTTP: it
 * long-polls `GET /mod/commands` and acknowledges with `POST /mod/acks`, exactly as the mod inside a
 * Claude Code session does (the real mod and the real Claude Code are proved in test/e2e/). The
 * session behind it is the scripted fake agent started as kind claude.
 */
import { describe, expect, it } from "vitest"
import { modChannel } from "./modChannelHarness.js"

const kit = modChannel()
const { poll, ack, betweenPolls, openClaude } = kit

describe("lich control through a polling mod", () => {
  it("hands the prompt to the mod's poll and exits 0 once the mod confirms its turn started", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const control = kit.b.lich(["control", s.label, "prompt", "run", "the", "tests", "again"])
    const got = await p.reply
    expect(got.status).toBe(200)
    expect(got.commands).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{8}$/), kind: "prompt", text: "run the tests again" }])
    expect(await ack(s.id, { id: got.commands[0]!.id, kind: "prompt", ok: true })).toBe(204)
    expect(await control).toEqual({ code: 0, stdout: `"${s.label}" started a turn on the prompt.\n`, stderr: "" })
  })

  it("prints the contract's JSON, value absent for an abort, and reports what the mod refused with exit 1", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const control = kit.b.lich(["control", s.id, "abort", "--json"])
    const got = await p.reply
    expect(got.commands).toEqual([{ id: expect.any(String), kind: "abort" }])
    await ack(s.id, { id: got.commands[0]!.id, kind: "abort", ok: true })
    const r = await control
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({
      id: s.id,
      project: "modded",
      label: s.label,
      action: "abort",
      command_id: got.commands[0]!.id,
      state: "done"
    })

    const again = poll(s.id)
    const refused = kit.b.lich(["control", s.label, "abort"])
    const next = await again.reply
    await ack(s.id, { id: next.commands[0]!.id, kind: "abort", ok: false, error: "no turn is running" })
    expect(await refused).toEqual({ code: 1, stdout: "", stderr: `lich: "${s.label}" could not run it: no turn is running\n` })
  })

  it("passes model, effort and a slash command as the mod needs them, and says what each did", async () => {
    const s = await openClaude()
    const cases: Array<[ReadonlyArray<string>, Record<string, unknown>, string]> = [
      [["model", "opus"], { kind: "model", model: "opus" }, `"${s.label}" uses model "opus" from its next request on.`],
      [["model"], { kind: "model" }, `"${s.label}" is back on its own model from its next request on.`],
      [["effort", "HIGH"], { kind: "effort", effort: "high" }, `"${s.label}" runs at effort "high" from its next request on.`],
      [
        ["command", "/compact", "keep", "the", "plan"],
        { kind: "command", name: "compact", args: "keep the plan" },
        `"${s.label}" ran /compact.`
      ]
    ]
    for (const [words, command, line] of cases) {
      const p = poll(s.id)
      const control = kit.b.lich(["control", s.label, ...words])
      const got = await p.reply
      expect(got.commands).toEqual([{ id: expect.any(String), ...command }])
      await ack(s.id, { id: got.commands[0]!.id, kind: command.kind, ok: true })
      expect(await control).toEqual({ code: 0, stdout: `${line}\n`, stderr: "" })
    }
  })

  it("refuses, before anything is queued, what no session should be sent", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const refusals: Array<[ReadonlyArray<string>, RegExp]> = [
      [["command", "model", "opus"], /^lich: \/model is refused: run this way, Claude Code saves \/model as your default/],
      [["command", "/effort"], /^lich: \/effort is refused/],
      [["effort", "ludicrous"], /^lich: unknown effort "ludicrous" — one of low, medium, high, xhigh, max/],
      [["reboot"], /^lich: unknown action "reboot" — one of prompt, abort, model, effort, command/],
      [["prompt"], /^lich: prompt needs the text to send/],
      [["abort", "now"], /^lich: abort takes no value/]
    ]
    for (const [words, line] of refusals) {
      const r = await kit.b.lich(["control", s.label, ...words])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(line)
      expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1)
    }
    // The mod's poll saw none of them.
    p.abort()
    await expect(p.reply).rejects.toThrow()
  })

  it("refuses the caller itself, another CLI's session, and a Claude Code session whose mod is not polling", async () => {
    const s = await openClaude()
    const self = poll(s.id)
    const mine = await kit.b.lich(["control", s.label, "abort"], { LICH_SESSION_ID: s.id })
    expect(mine).toEqual({ code: 1, stdout: "", stderr: `lich: "${s.label}" is this session, and a session cannot control itself\n` })
    self.abort()
    await expect(self.reply).rejects.toThrow()

    const shell = JSON.parse((await kit.b.lich(["open", "--project", kit.project, "--kind", "shell", "--json"])).stdout)
    const other = await kit.b.lich(["ask", shell.label, "what", "now?"])
    expect(other.code).toBe(1)
    expect(other.stderr).toBe(
      `lich: "${shell.label}" runs Shell, which has nothing inside it lich could hand a command to: only a Claude Code session with lich's plugin mod polling takes these\n`
    )

    const quiet = await openClaude()
    const r = await kit.b.lich(["control", quiet.label, "prompt", "hello"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      new RegExp(
        `^lich: "${quiet.label}" cannot take commands: lich's plugin mod is not polling in it\\. It needs Claude Code 2\\.1\\.280 or later`
      )
    )
  })

  it("exits 2 with the command's id when the mod took it and has not confirmed it within 10 s", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const started = Date.now()
    const control = kit.b.lich(["control", s.label, "prompt", "later", "--json"])
    const got = await p.reply
    const r = await control
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000)
    expect(r.code).toBe(2)
    expect(JSON.parse(r.stdout)).toMatchObject({
      label: s.label,
      action: "prompt",
      value: "later",
      command_id: got.commands[0]!.id,
      state: "delivered"
    })
  }, 40_000)

  it("withdraws a command no poll took within 10 s and exits 1: nothing ran", async () => {
    const s = await openClaude()
    await betweenPolls(s)
    const r = await kit.b.lich(["control", s.label, "model", "sonnet"])
    expect(r).toEqual({
      code: 1,
      stdout: "",
      stderr: `lich: "${s.label}" never took the command within 10 s — its mod stopped polling, so it was withdrawn. Nothing ran; it is safe to send again\n`
    })
    const later = await poll(s.id).reply
    expect(later.commands).toEqual([])
  }, 60_000)

  it("exits 3 when the session ends before it confirms", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const control = kit.b.lich(["control", s.label, "prompt", "go", "--json"])
    await p.reply
    expect((await kit.b.lich(["close", s.id])).code).toBe(0)
    const r = await control
    expect(r.code).toBe(3)
    expect(JSON.parse(r.stdout)).toMatchObject({ state: "ended" })
  })
})
