/**
 * The state column of `lich sessions` driven through `POST /hook` for a live session, the way a
 * session's plugin reports it: each report is answered only after it is applied, so the roster read
 * right after the 204 already shows it — no polling.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, startBackend } from "./harness.js"
import { request, runtimeToken } from "./hookFixtures.js"

let b: Backend
let token: string
let id: string
let name: string

beforeAll(async () => {
  b = await startBackend()
  token = runtimeToken(b.env)
  const opened = await b.lich(["open", "--project", b.project("gamma"), "--kind", "shell", "--json"])
  expect(opened.code).toBe(0)
  ;({ id, name } = JSON.parse(opened.stdout) as { id: string; name: string })
})
afterAll(async () => {
  await b?.stop()
})

const report = async (state: string, more: Record<string, string> = {}) => {
  const reply = await request(b.port, "POST", `/hook?token=${token}`, JSON.stringify({ session_id: id, state, ...more }))
  expect(reply.status).toBe(204)
}

/** The state column of the session's roster line, and its `--json` state. */
const shown = async () => {
  const prose = await b.lich(["sessions"])
  const json = JSON.parse((await b.lich(["sessions", "--json"])).stdout) as Array<{ id: string; state: string }>
  const line = prose.stdout.split("\n").find((l) => l.split("\t")[3] === name)
  return { column: line?.split("\t")[4], json: json.find((s) => s.id === id)?.state }
}

describe("the state column of lich sessions", () => {
  it("is - before the session has reported anything", async () => {
    expect(await shown()).toEqual({ column: "-", json: "" })
  })

  it("does not publish waiting outside a turn: that is the idle-prompt notification", async () => {
    await report("waiting", { reason: "Claude is waiting for your input" })
    expect(await shown()).toEqual({ column: "-", json: "" })
  })

  it("shows busy once a turn starts", async () => {
    await report("busy", { tool: "Bash", detail: "npm test" })
    expect(await shown()).toEqual({ column: "busy", json: "busy" })
  })

  it("shows waiting inside the turn: a permission prompt", async () => {
    await report("waiting", { reason: "Claude needs your permission to use Bash" })
    expect(await shown()).toEqual({ column: "waiting", json: "waiting" })
  })

  it("shows done when the turn ends", async () => {
    await report("busy")
    await report("done")
    expect(await shown()).toEqual({ column: "done", json: "done" })
  })

  it("keeps done when waiting arrives after the turn ended", async () => {
    await report("waiting")
    expect(await shown()).toEqual({ column: "done", json: "done" })
  })

  it("shows busy while the agent compacts its context: a message sent now waits, as in a turn", async () => {
    await report("compacting")
    expect(await shown()).toEqual({ column: "busy", json: "busy" })
  })

  it("goes back to - on idle: the session ended its conversation", async () => {
    await report("idle")
    expect(await shown()).toEqual({ column: "-", json: "" })
  })

  it("is left alone by a refused report", async () => {
    await report("busy")
    const refused = await request(b.port, "POST", `/hook?token=${token}`, JSON.stringify({ session_id: id, state: "Done" }))
    expect(refused.status).toBe(400)
    expect(await shown()).toEqual({ column: "busy", json: "busy" })
  })
})
