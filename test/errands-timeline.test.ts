/**
 * The relay's timeline against a real backend and fake agents: a fan-out of 50 sends with mixed
 * outcomes — answered, pending then answered, never delivered, answered somewhere else, private —
 * leaves 50 records whose outcomes are what each send or wait printed; `lich errands --json` parses
 * and agrees; the table names each; `lich rage` carries the records without a word of any prompt.
 */
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { ErrandRecord } from "@lich/contract"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { agent, type Backend, startBackend } from "./harness.js"

let b: Backend
let project: string

/**
 * A slow replier that says at start-up it reports turns (as Claude Code's SessionStart hook does), so
 * five tasks queued for it each get a turn of their own; without that a target is judged by its quiet
 * until its first report, and two tasks can land in one turn (docs/relay.md).
 */
const slowReplier = () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lich-agents-")), "slow-announced")
  const body = `FAKE_HOOKS=1 FAKE_SESSION_START=1 FAKE_REPLY=ECHO FAKE_REPLY_VIA=rpc FAKE_REPLY_DELAY_MS=1500`
  fs.writeFileSync(file, `#!/bin/sh\nexport ${body}; exec node "${path.dirname(agent("mute"))}/../fake-agent.mjs" "$@"\n`, { mode: 0o755 })
  return file
}

beforeAll(async () => {
  b = await startBackend({
    LICH_CLAUDE_BIN: agent("fast-replier"),
    LICH_OPENCODE_BIN: agent("hooked-silent"),
    LICH_OMP_BIN: slowReplier(),
    // Codex's folder-trust question holds every task: closed while it is up, the target never got one.
    LICH_CODEX_BIN: agent("trust-asker")
  })
  project = b.project("fanout")
})
afterAll(async () => {
  await b?.stop()
})

const open = async (kind: string) => {
  const r = await b.lich(["open", "--project", project, "--kind", kind, "--json"])
  expect(r.stderr).toBe("")
  return JSON.parse(r.stdout) as { id: string; label: string }
}

interface Sent {
  readonly prompt: string
  readonly target: string
  status: string
  ticket: string
}

/** A prompt no other text on the machine holds: a report carrying it would be found. */
const MARK = "zq7-timeline-secret"

const send = async (s: Sent, extra: ReadonlyArray<string>) => {
  const r = await b.lich(["send", "--json", ...extra, s.target, s.prompt])
  // A send that failed prints its line on stderr and nothing on stdout: said as such, not as bad JSON.
  expect([r.stderr, r.stdout === ""]).toEqual(["", false])
  const json = JSON.parse(r.stdout) as { ticket: string; status: string }
  s.ticket = json.ticket
  s.status = json.status
}

/** `lich rage` carries `n` records, each with its prompt reduced to its length, and no file of it holds a prompt's words. */
const rageHoldsNoPrompt = async (n: number) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-rage-errands-"))
  try {
    const file = path.join(dir, "bug.tar.gz")
    expect((await b.lich(["rage", "--output", file])).code).toBe(0)
    execFileSync("tar", ["xzf", file, "-C", dir])
    const root = fs.readdirSync(dir).find((n) => !n.endsWith(".tar.gz"))!
    const lines = fs
      .readFileSync(path.join(dir, root, "errands.jsonl"), "utf8")
      .trim()
      .split("\n")
    const carried = lines.map((l) => JSON.parse(l) as ErrandRecord)
    expect(carried.length).toBe(n)
    expect(carried.every((r) => r.promptHead === "" && r.promptBytes > 0)).toBe(true)
    // grep exits 1 when it finds nothing: no file of the archive holds a word of any prompt.
    const found = spawnSync("grep", ["-rl", MARK, path.join(dir, root)], { encoding: "utf8" })
    expect([found.status, found.stdout]).toEqual([1, ""])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** The records `lich errands --json` prints for the project, checked against what each send or wait said. */
const recordsAgree = async (plan: ReadonlyArray<{ s: Sent; extra: ReadonlyArray<string> }>) => {
  const listed = await b.lich(["errands", "--json", "--project", project])
  expect(listed.code).toBe(0)
  const records = listed.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as ErrandRecord)
  expect(records.length).toBe(plan.length)
  const byTicket = new Map(records.map((r) => [r.ticket, r]))
  for (const { s, extra } of plan) {
    const r = byTicket.get(s.ticket)
    expect([s.ticket, r?.status, r?.targetLabel]).toEqual([s.ticket, s.status, s.target])
    expect(r?.steps[0]?.step).toBe("sent")
    expect(r?.steps.some((x) => x.step === "ended")).toBe(true)
    expect(r?.private).toBe(extra.includes("--private"))
    expect(r?.promptHead).toBe(extra.includes("--private") ? "" : s.prompt.split("\n")[0])
  }
  return records
}

describe("the timeline of a 50-send fan-out", () => {
  it("holds one record per send, each ending as its send or wait said, and lich errands and lich rage agree", async () => {
    const answering = await Promise.all([open("claude"), open("claude"), open("claude")])
    const slow = await Promise.all([open("omp"), open("omp")])
    const silent = await Promise.all([open("opencode"), open("opencode")])
    const untrusted = await open("codex")
    const plan: Array<{ s: Sent; extra: ReadonlyArray<string> }> = []
    const add = (target: string, n: number, extra: ReadonlyArray<string> = []) => {
      for (let i = 0; i < n; i++) plan.push({ s: { prompt: `${MARK} ${plan.length}\nsecond line`, target, status: "", ticket: "" }, extra })
    }
    for (const t of answering) add(t.label, 5)
    for (const t of answering.slice(0, 2)) add(t.label, 5, ["--private"])
    for (const t of slow) add(t.label, 5, ["--timeout", "1"])
    for (const t of silent) add(t.label, 5)
    add(untrusted.label, 5, ["--timeout", "1"])
    expect(plan.length).toBe(50)
    await Promise.all(plan.map((p) => send(p.s, p.extra)))

    // Pending ones are waited on: the slow repliers answer; the untrusted target is closed with its question still up.
    const close = await b.lich(["close", untrusted.label])
    expect(close.code).toBe(0)
    await Promise.all(
      plan
        .filter((p) => p.s.status === "pending")
        .map(async (p) => {
          const w = await b.lich(["wait", "--json", p.s.ticket])
          expect([w.stderr, w.stdout === ""]).toEqual(["", false])
          p.s.status = (JSON.parse(w.stdout) as { status: string }).status
        })
    )
    const byStatus = (st: string) => plan.filter((p) => p.s.status === st).length
    expect([byStatus("answered"), byStatus("unanswered"), byStatus("undelivered")]).toEqual([35, 10, 5])

    const records = await recordsAgree(plan)
    // Each errand handed over was charged its target's spend from the ledger: nothing these fake
    // agents write can be priced, so each says unpriced (a lower bound), never a made-up figure.
    for (const r of records.filter((x) => x.steps.some((s) => s.step === "handed") && x.status !== "open"))
      expect(r.spend).toEqual({ costUsd: 0, source: "" })
    // Never delivered: nothing was handed over, so no step says it was.
    for (const r of records.filter((x) => x.status === "undelivered")) expect(r.steps.some((x) => x.step === "handed")).toBe(false)
    // Pending, then answered: collected once, by the wait that held the line when the answer came, after it ended.
    for (const r of records.filter((x) => x.targetLabel === slow[0]!.label)) {
      const steps = r.steps.map((x) => x.step)
      expect(steps.filter((x) => x === "collected").length).toBe(1)
      expect(steps.indexOf("collected")).toBe(steps.indexOf("ended") + 1)
    }

    const table = await b.lich(["errands", "--session", silent[0]!.label])
    expect(table.stdout.split("\n")[0]).toBe("sent\tticket\tfrom\tto\tstatus\ttook\tspend\tprompt")
    expect(table.stdout.trim().split("\n").slice(1).length).toBe(5)
    for (const line of table.stdout.trim().split("\n").slice(1)) expect(line).toContain("\tthe command line\t")

    await rageHoldsNoPrompt(50)
  }, 240_000)
})
