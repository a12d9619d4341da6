/**
 * Sessions in a folder that is in no git repository, through a real backend whose git is the real
 * one behind a PATH shim that writes each call down. Asking git once per session that opens is the
 * price of knowing a `git init` since; asking again about every open card each time one opens made
 * N²/2 gits for N sessions (2,231 for 50), and on two cores a fan-out's sessions spent minutes
 * forking them after they opened.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, type Events, watchEvents } from "./harness.js"
import { startBackendWith } from "./workspaceHarness.js"

let b: Backend
let events: Events
let calls: string

beforeAll(async () => {
  const shim = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "lich-gitshim-"))
  calls = path.join(shim, "calls")
  const real = process.env.PATH!.split(":").find((d) => fs.existsSync(path.join(d, "git")))!
  fs.writeFileSync(path.join(shim, "git"), `#!/bin/sh\necho "$*" >> "${calls}"\nexec "${real}/git" "$@"\n`, { mode: 0o755 })
  b = await startBackendWith({ PATH: `${shim}:${process.env.PATH}` })
  events = await watchEvents(b)
})
afterAll(async () => {
  events?.close()
  await b?.stop()
})

const placeAsks = () =>
  (fs.existsSync(calls) ? fs.readFileSync(calls, "utf8") : "").split("\n").filter((l) => l.startsWith("rev-parse --path-format=absolute"))
    .length

describe("sessions in a folder that is in no repository", () => {
  it("ask git where its repository is once per session that opens, not once per open card", async () => {
    const project = b.project("plain")
    const ids: Array<string> = []
    for (let i = 0; i < 12; i++) {
      const r = await b.lich(["open", "--project", project, "--kind", "shell", "--json"])
      expect(r.stderr).toBe("")
      ids.push((JSON.parse(r.stdout) as { id: string }).id)
    }
    // The last session's read is published after its open was handled, and opens are handled in order.
    await events.until((e) => e._tag === "session-git" && (e.git as { id: string }).id === ids.at(-1))
    expect(placeAsks()).toBe(12)
  })
})
