/**
 * `reply` against a backend that is alive but not answering (SIGSTOP: a laptop lid, a swapped-out
 * process, a machine under load). The reply used to give up after 10 s and say it failed although
 * the answer was filed once the backend ran again; an agent told so does the work twice. Now it
 * waits while its connection to lich stays open (10 min), and a backend that dies is heard at once.
 * "Not sure it landed" is only for a lich still there past the patience (client.test.ts).
 */

import { spawn } from "node:child_process"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { agent, type Backend, lichBin, startBackend, waitForJson } from "../harness.js"

/** 11 s: past the 10 s the reply used to allow itself. A deliberate stretch of time, not a poll. */
const PAST_OLD_LIMIT_MS = 11_000

const backends: Array<Backend> = []
afterAll(async () => {
  for (const b of backends) {
    if (b.process.exitCode === null && b.process.signalCode === null) b.process.kill("SIGCONT")
    await b.stop()
  }
})

/** A backend with one mute session and an errand open against it: the ticket a reply can answer. */
const openErrand = async () => {
  const b = await startBackend({ LICH_CRUSH_BIN: agent("mute") })
  backends.push(b)
  const project = b.project("reply")
  const opened = JSON.parse((await b.lich(["open", "--project", project, "--kind", "crush", "--json"])).stdout)
  await waitForJson(path.join(b.env.FAKE_AGENT_LOG!, `${opened.id}.json`))
  const sent = await b.lich(["send", "--json", "--timeout", "1", opened.label, "work on it"])
  expect(sent.code).toBe(2)
  return { b, ticket: JSON.parse(sent.stdout).ticket as string }
}

/** `lich reply <ticket> <answer>`, with whether it has ended yet. */
const reply = (b: Backend, ticket: string) => {
  const child = spawn(lichBin, ["reply", ticket, "the answer"], { env: b.env, stdio: ["ignore", "pipe", "pipe"] })
  let stdout = ""
  let stderr = ""
  let ended = false
  child.stdout.on("data", (d) => (stdout += d))
  child.stderr.on("data", (d) => (stderr += d))
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => {
      ended = true
      resolve({ code, stdout, stderr })
    })
  )
  return { done, ended: () => ended }
}

let alive: Awaited<ReturnType<typeof openErrand>>
let killed: Awaited<ReturnType<typeof openErrand>>
beforeAll(async () => {
  ;[alive, killed] = await Promise.all([openErrand(), openErrand()])
}, 60_000)

describe("reply to a stopped backend", () => {
  it("waits past the old 10 s while lich is alive, lands once it runs, and hears at once if lich dies", async () => {
    alive.b.process.kill("SIGSTOP")
    killed.b.process.kill("SIGSTOP")
    const patient = reply(alive.b, alive.ticket)
    const orphaned = reply(killed.b, killed.ticket)
    await new Promise((r) => setTimeout(r, PAST_OLD_LIMIT_MS))
    expect(patient.ended()).toBe(false)
    expect(orphaned.ended()).toBe(false)

    // The one that wakes up takes the answer: confirmed, and the sender's wait finds it.
    alive.b.process.kill("SIGCONT")
    expect(await patient.done).toEqual({ code: 0, stdout: "Answer sent.\n", stderr: "" })
    const waited = await alive.b.lich(["wait", "--json", alive.ticket])
    expect(waited.code).toBe(0)
    expect(JSON.parse(waited.stdout)).toMatchObject({ status: "answered", answer: "the answer" })

    // The one that dies takes its errands with it: the reply hears so at once, in the plain words.
    killed.b.process.kill("SIGKILL")
    const lost = await orphaned.done
    expect(lost.code).toBe(1)
    expect(lost.stdout).toBe("")
    expect(lost.stderr).toMatch(/^lich: lost the connection to lich: .* — is it still running\? \(lich version shows it\)\n$/)
  }, 60_000)
})
