/**
 * The relay against a real backend and fake agents: every outcome of send and wait with its prose,
 * JSON and exit code; reply with and without a ticket; the inbox and its nudge; private errands;
 * insert; and the safety properties (inert control bytes, no lost or doubled outcome under load, a
 * backend that dies under a waiting CLI).
 */
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentEvent, agent, type Backend, post, startBackend, waitForRecord } from "./harness.js"

let b: Backend
let project: string

const open = async (kind: string, extra: ReadonlyArray<string> = []) => {
  const r = await b.lich(["open", "--project", project, "--kind", kind, "--json", ...extra])
  expect(r.stderr).toBe("")
  return JSON.parse(r.stdout) as { id: string; label: string; name: string }
}
const messages = (id: string) => path.join(b.env.FAKE_AGENT_LOG!, `${id}.messages.jsonl`)
const rpc = (method: string, body: unknown) => post(b, `/rpc/${method}`, body).then((r) => r.json())
const agentUp = (id: string) => waitForRecord<unknown>(path.join(b.env.FAKE_AGENT_LOG!, `${id}.json`).replace(".json", ".json"), () => true)

beforeAll(async () => {
  b = await startBackend({
    LICH_CLAUDE_BIN: agent("hooked-replier"),
    LICH_CODEX_BIN: agent("replier"),
    LICH_OPENCODE_BIN: agent("hooked-silent"),
    LICH_CRUSH_BIN: agent("mute"),
    LICH_OMP_BIN: agent("slow-replier")
  })
  project = b.project("relay")
})
afterAll(async () => {
  await b?.stop()
})

describe("send", () => {
  it("prints the answer alone and exits 0 when the target replies through its ticket", async () => {
    const t = await open("claude")
    const r = await b.lich(["send", t.label, "summarise the README"])
    expect(r).toMatchObject({ code: 0, stderr: "", stdout: "echo: summarise the README\n" })
  })

  it("answers on a target that reports no state, by the quiet of its terminal", async () => {
    const t = await open("codex")
    const r = await b.lich(["send", "--json", t.name, "list the tests"])
    expect(r.code).toBe(0)
    const json = JSON.parse(r.stdout)
    expect(Object.keys(json)).toEqual(["ticket", "target", "status", "answer"])
    expect(json).toMatchObject({ target: t.label, status: "answered", answer: "echo: list the tests" })
    expect(json.ticket).toMatch(/^[0-9a-f]{8}$/)
  })

  it("hands back a ticket with exit 2 when the wait runs out, and wait collects the answer later", async () => {
    const t = await open("omp")
    const r = await b.lich(["send", "--timeout", "1", t.label, "slow work"])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe("")
    const ticket = /lich wait ([0-9a-f]{8})/.exec(r.stdout)?.[1]
    expect(r.stdout).toContain(`${t.label} is still working. The errand is open`)
    expect(ticket).toBeDefined()
    const w = await b.lich(["wait", ticket!])
    expect(w).toMatchObject({ code: 0, stdout: "echo: slow work\n" })
    const again = await b.lich(["wait", ticket!])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/^lich: ticket "[0-9a-f]{8}" was answered and its answer collected already\n$/)
  })

  it("ends with exit 3 when the target finishes its turn without answering here", async () => {
    const t = await open("opencode")
    const r = await b.lich(["send", t.label, "fix the bug"])
    expect(r.code).toBe(3)
    expect(r.stdout).toBe(
      `The "${t.label}" session finished its turn without answering through lich. Whatever it produced is in that session — tell the user to open the "${t.label}" card to read it.\n`
    )
  })

  it("refuses an empty prompt, an oversized one, and a name that matches no live session", async () => {
    const t = await open("crush")
    expect((await b.lich(["send", t.label, "   "])).stderr).toBe("lich: nothing to send: the prompt is empty\n")
    const big = await b.lich(["send", t.label, "x".repeat(8193)])
    expect(big.stderr).toBe("lich: prompt is 8193 bytes, over the 8192 limit: name the paths to read instead of pasting their contents\n")
    const miss = await b.lich(["send", "nobody", "hi"])
    expect(miss.code).toBe(1)
    expect(miss.stderr).toMatch(/^lich: no live session named "nobody"\. Live sessions: /)
  })

  it("types control bytes and a bracketed-paste terminator as inert text", async () => {
    const t = await open("crush")
    await agentUp(t.id)
    const r = await b.lich(["send", "--timeout", "1", t.label, "a\x1b[201~b\x1b]0;x\x07c\x01d\te"])
    expect(r.code).toBe(2)
    const pasted = await waitForRecord<AgentEvent>(messages(t.id), (m) => m.event === "submit")
    expect(pasted.text).toContain("a[201~b]0;xcd\te")
    expect(pasted.text).not.toMatch(/[\x00-\x08\x1b\x7f]/)
  })
})

describe("reply", () => {
  it("without a ticket answers the one open request, and lists both when two are open", async () => {
    const t = await open("crush")
    await agentUp(t.id)
    const me = { LICH_SESSION_ID: t.id }
    const first = await b.lich(["send", "--timeout", "1", t.label, "run the tests"])
    const t1 = /lich wait ([0-9a-f]{8})/.exec(first.stdout)![1]!
    await waitForRecord<AgentEvent>(messages(t.id), (m) => m.event === "submit" && m.text!.includes(t1))
    const second = await b.lich(["send", "--timeout", "1", t.label, "build the docs"])
    const t2 = /lich wait ([0-9a-f]{8})/.exec(second.stdout)![1]!
    await waitForRecord<AgentEvent>(messages(t.id), (m) => m.event === "submit" && m.text!.includes(t2))
    const refused = await b.lich(["reply", "done"], me)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe(
      `lich: 2 requests are open against this session, and an answer that names no ticket would close the wrong one. Name the ticket the answer belongs to:\n` +
        `  lich reply ${t1} "<answer>"   — run the tests\n  lich reply ${t2} "<answer>"   — build the docs\n`
    )
    expect(await b.lich(["reply", t1, "tests pass"], me)).toMatchObject({ code: 0, stdout: "Answer sent.\n" })
    expect(await b.lich(["reply", "docs built"], me)).toMatchObject({ code: 0, stdout: "Answer sent.\n" })
    expect((await b.lich(["wait", t1])).stdout).toBe("tests pass\n")
    expect((await b.lich(["wait", t2])).stdout).toBe("docs built\n")
    const twice = await b.lich(["reply", t2, "again"], me)
    expect(twice.stderr).toBe(`lich: ticket "${t2}" was answered already — the first answer went home\n`)
  })

  it("outside a session with no ticket, or with nothing open, is refused", async () => {
    expect((await b.lich(["reply", "hello"])).stderr).toMatch(/^lich: a reply without a ticket .*lich reply <ticket> <answer>\n$/)
    const t = await open("crush")
    const r = await b.lich(["reply", "hello"], { LICH_SESSION_ID: t.id })
    expect(r.stderr).toBe(
      "lich: no request is open against this session — name the ticket the answer belongs to: lich reply <ticket> <answer>\n"
    )
  })
})

describe("the inbox", () => {
  it("nudges a session sender once its result lands, and wait collects everything at once", async () => {
    const sender = await open("crush")
    const worker = await open("omp")
    await agentUp(sender.id)
    const me = { LICH_SESSION_ID: sender.id }
    const r = await b.lich(["send", "--timeout", "1", worker.label, "index the repo"], me)
    expect(r.code).toBe(2)
    expect(r.stdout).toContain("a note will be typed at the sending session's prompt")
    const nudge = await waitForRecord<AgentEvent>(messages(sender.id), (m) => m.event === "submit" && m.text!.startsWith("[lich]"))
    expect(nudge.text).toBe(
      `[lich] The task you sent "${worker.label}" has its result ready. To collect everything at\nonce, run:\n  "$LICH_BIN" wait`
    )
    const c = await b.lich(["wait"], me)
    expect(c.code).toBe(0)
    expect(c.stdout).toMatch(new RegExp(`^Answer from "${worker.label}" \\(ticket [0-9a-f]{8}\\):\\necho: index the repo\\n$`))
    const empty = await b.lich(["wait", "--no-wait"], me)
    expect(empty).toMatchObject({ code: 0, stdout: "Nothing to collect: no results are waiting and no errand of yours is open.\n" })
  })

  it("announces results that land close together in one nudge", async () => {
    const sender = await open("crush")
    const a = await open("omp")
    const c = await open("omp")
    await agentUp(sender.id)
    const me = { LICH_SESSION_ID: sender.id }
    // Both sends go out in the same instant (straight to the RPC, not through two CLI start-ups),
    // so their answers land well inside one nudge window whatever the machine's load.
    await Promise.all([agentUp(a.id), agentUp(c.id)])
    const sends = await Promise.all(
      [
        [a, "part one"],
        [c, "part two"]
      ].map(([t, prompt]) =>
        rpc("relay.Send", { from: sender.id, target: (t as { id: string }).id, project: "", prompt, timeout: 1, private: false })
      )
    )
    expect(sends.map((r) => r.status)).toEqual(["pending", "pending"])
    const nudge = await waitForRecord<AgentEvent>(messages(sender.id), (m) => m.event === "submit" && m.text!.startsWith("[lich]"))
    const labels = [a.label, c.label]
      .sort()
      .map((l) => `"${l}"`)
      .join(", ")
    expect(nudge.text).toBe(
      `[lich] Results from 2 tasks you sent are ready (${labels}). To collect everything at\nonce, run:\n  "$LICH_BIN" wait`
    )
    const collected = await b.lich(["wait", "--json"], me)
    expect(
      JSON.parse(collected.stdout)
        .results.map((r: { answer: string }) => r.answer)
        .sort()
    ).toEqual(["echo: part one", "echo: part two"])
  })

  it("keeps a private result to its ticket: no nudge, not listed, not collected without it", async () => {
    const sender = await open("crush")
    const worker = await open("omp")
    const me = { LICH_SESSION_ID: sender.id }
    const r = await b.lich(["send", "--private", "--timeout", "1", worker.label, "secret step"], me)
    expect(r.code).toBe(2)
    const ticket = /lich wait ([0-9a-f]{8})/.exec(r.stdout)![1]!
    const look = await b.lich(["wait", "--no-wait", "--json"], me)
    expect(JSON.parse(look.stdout)).toEqual({ results: [], open: [] })
    expect((await b.lich(["wait", ticket], me)).stdout).toBe("echo: secret step\n")
  })

  it("collecting outside a session is an error, and --no-wait takes no ticket", async () => {
    expect((await b.lich(["wait"])).stderr).toBe(
      "lich: collecting needs a session of your own — outside one, wait on the ticket instead: lich wait <ticket>\n"
    )
    expect((await b.lich(["wait", "--no-wait", "abcd1234"])).code).toBe(1)
  })
})

describe("open --prompt", () => {
  it("opens, hands the task over with a 20 s wait, and prints one object with the delivery", async () => {
    const r = await b.lich(["open", "--project", project, "--kind", "claude", "--prompt", "write the changelog", "--json"])
    expect(r).toMatchObject({ code: 0, stderr: "" })
    const json = JSON.parse(r.stdout)
    expect(Object.keys(json).at(-1)).toBe("delivery")
    expect(json.delivery).toMatchObject({ target: json.label, status: "answered", answer: "echo: write the changelog" })
  })

  it("prints the session lines and the pending hand-off in send's words", async () => {
    const r = await b.lich(["open", "--project", project, "--kind", "omp", "--prompt", "long job"])
    expect(r.code).toBe(0)
    const lines = r.stdout.split("\n")
    expect(lines[0]).toMatch(/^Opened session "Session \d+" \(omp\) in project "relay"\.$/)
    expect(r.stdout).toContain("echo: long job")
  })

  it("refuses --private without --prompt before anything is opened", async () => {
    const before = (await b.lich(["sessions", "--json"])).stdout
    const r = await b.lich(["open", "--project", project, "--kind", "crush", "--private"])
    expect(r).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "lich: --private keeps a hand-off's result to its ticket, and needs --prompt\n"
    })
    expect((await b.lich(["sessions", "--json"])).stdout).toBe(before)
  })
})

describe("insert", () => {
  it("pastes text from stdin at the prompt without pressing Enter", async () => {
    const t = await open("crush")
    await agentUp(t.id)
    const r = await b.lich(["insert", "--session", t.label], {}, "line one\nline two\x1b[31m")
    expect(r).toMatchObject({ code: 0, stdout: `Inserted 21 bytes at the prompt of "${t.label}" (relay). Nothing was sent.\n` })
    const pasted = await waitForRecord<AgentEvent>(messages(t.id), (m) => m.event === "paste")
    expect(pasted.text).toBe("line one\nline two[31m")
    const json = JSON.parse((await b.lich(["insert", "--json", "--session", t.id, "more"])).stdout)
    expect(json).toEqual({ id: t.id, label: t.label, project: "relay", kind: "crush", bytes: 4 })
  })
})
