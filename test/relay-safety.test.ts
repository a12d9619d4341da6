/**
 * The relay under stress and failure: 200 concurrent sends end in 200 outcomes, none lost or
 * doubled; a backend killed under a waiting CLI makes it exit 1 within 2 s with a clear line.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { agent, type Backend, lichBin, post, startBackend, waitForJson } from "./harness.js"

let b: Backend
beforeAll(async () => {
  b = await startBackend({ LICH_CLAUDE_BIN: agent("fast-replier"), LICH_CRUSH_BIN: agent("mute") })
})
afterAll(async () => {
  await b?.stop()
})

describe("under load", () => {
  it("ends 200 concurrent sends across 10 sessions in 200 distinct answered outcomes", async () => {
    const project = b.project("load")
    const targets: Array<{ id: string; label: string }> = []
    for (let i = 0; i < 10; i++) {
      const r = await b.lich(["open", "--project", project, "--kind", "claude", "--json"])
      targets.push(JSON.parse(r.stdout))
    }
    await Promise.all(targets.map((t) => waitForJson(path.join(b.env.FAKE_AGENT_LOG!, `${t.id}.json`))))
    const sends = Array.from({ length: 200 }, (_, i) =>
      post(b, "/rpc/relay.Send", {
        from: "",
        target: targets[i % 10]!.id,
        project: "",
        prompt: `task number ${i}`,
        timeout: 240,
        private: false
      })
    )
    const results = (await Promise.all(sends)).map((r) => ({ status: r.status, json: r.json() }))
    expect(results.map((r) => r.status)).toEqual(Array(200).fill(200))
    const tickets = new Set(results.map((r) => r.json.ticket))
    expect(tickets.size).toBe(200)
    const answers = results.map((r) => r.json.answer).sort()
    expect(answers).toEqual(Array.from({ length: 200 }, (_, i) => `echo: task number ${i}`).sort())
    expect(results.every((r) => r.json.status === "answered")).toBe(true)
  }, 240_000)
})

describe("a backend that dies", () => {
  it("makes a waiting CLI exit 1 within 2 s with a clear line", async () => {
    const project = b.project("dying")
    const t = JSON.parse((await b.lich(["open", "--project", project, "--kind", "crush", "--json"])).stdout)
    await waitForJson(path.join(b.env.FAKE_AGENT_LOG!, `${t.id}.json`))
    const child = spawn(lichBin, ["send", "--timeout", "60", t.id, "wait for me"], { env: b.env })
    let stderr = ""
    child.stderr.on("data", (d) => (stderr += d))
    // The send is holding the line once the task was typed at the target.
    await new Promise<void>((resolve) => {
      const file = path.join(b.env.FAKE_AGENT_LOG!, `${t.id}.messages.jsonl`)
      const look = () => fs.existsSync(file) && fs.readFileSync(file, "utf8").includes("wait for me")
      if (look()) return resolve()
      const w = fs.watch(path.dirname(file), () => {
        if (!look()) return
        w.close()
        resolve()
      })
    })
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.on("exit", (code) => resolve({ code, at: Date.now() }))
    )
    const killedAt = Date.now()
    b.process.kill("SIGKILL")
    const { code, at } = await exited
    expect(code).toBe(1)
    expect(at - killedAt).toBeLessThan(2000)
    expect(stderr).toMatch(/^lich: lost the connection to lich: .* — is it still running\? \(lich version shows it\)\n$/)
  })
})
