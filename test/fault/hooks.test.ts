/**
 * Hook payload mutations: every fixture body the plugin and the mod send, bent in the ways a
 * broken hook script, a version skew or a hostile process in a session could — keys dropped, types
 * swapped, control characters and escape sequences in strings, nesting 100k deep, the body cut off,
 * the limit overrun — posted to its real route, half of them naming a live session so they reach
 * past the parser. Every answer is below 500 with no stack, the backend serves on, and nothing a
 * hook said reaches `lich sessions` as a control character.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, root, startBackend, tokenOf } from "../harness.js"
import { CONTROL, type Prng, pool, prng, rawRequest, STACK } from "./faultHarness.js"

const SEED = 0x400c_2026
const MUTATIONS_PER_BODY = 4

/** Each fixture file and the route it pins, with the route's body limit. */
const ROUTES: ReadonlyArray<readonly [fixture: string, route: string, limit: number]> = [
  ["session-state", "/hook", 4096],
  ["session-start", "/session-start", 4096],
  ["session-title", "/session-title", 4096],
  ["session-touched", "/session-touched", 4096],
  ["mod-control", "/mod/acks", 64 * 1024],
  ["mod-usage", "/mod/usage", 4096]
]

const bodiesOf = (fixture: string): ReadonlyArray<Record<string, unknown>> =>
  fs
    .readFileSync(path.join(root, "hooks", "fixtures", `${fixture}.jsonl`), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => (JSON.parse(l) as { body: unknown }).body)
    .filter((b): b is Record<string, unknown> => b !== null && typeof b === "object" && !Array.isArray(b))

const NASTY: ReadonlyArray<unknown> = [
  null,
  0,
  -1,
  1e308,
  true,
  [],
  {},
  [[[]]],
  "",
  " ",
  "\u001b[2J\u001b[H",
  "a\tb\nc",
  "\u009b31m",
  "\u0000",
  "x".repeat(5000),
  { nested: { deeper: [1, 2, 3] } },
  "🙂".repeat(50),
  "../../etc/passwd",
  "$(id)"
]

const mutate = (body: Record<string, unknown>, r: Prng, liveId: string, limit: number): string => {
  const m: Record<string, unknown> = { ...body }
  const keys = Object.keys(m)
  if ("session_id" in m && r.chance(0.5)) m.session_id = liveId
  switch (r.int(8)) {
    case 0:
      if (keys.length > 0) delete m[r.pick(keys)]
      break
    case 1:
    case 2:
      if (keys.length > 0) m[r.pick(keys)] = r.pick(NASTY)
      break
    case 3:
      m[r.pick(["extra", "__proto__", "constructor", "state", "title", "id"])] = r.pick(NASTY)
      break
    case 4:
      return JSON.stringify(m).slice(0, 1 + r.int(JSON.stringify(m).length - 1))
    case 5:
      return `{"session_id":"${liveId}","x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`
    case 6:
      return JSON.stringify({ ...m, pad: "p".repeat(limit) })
    case 7:
      return r.pick(['"x"', "[]", "null", "1", "", "{"])
  }
  return JSON.stringify(m)
}

let b: Backend
let liveId: string
beforeAll(async () => {
  b = await startBackend()
  const opened = await b.lich(["open", "--project", b.project("hooks"), "--kind", "shell", "--json"])
  liveId = JSON.parse(opened.stdout).id
})
afterAll(() => b.stop())

describe(`hook payload mutations (seed ${SEED.toString(16)})`, () => {
  it("answer below 500 without a stack on every route, and leave lich serving with a clean roster", async () => {
    const r = prng(SEED)
    const cases: Array<readonly [string, string]> = []
    for (const [fixture, route, limit] of ROUTES) {
      for (const body of bodiesOf(fixture)) for (let i = 0; i < MUTATIONS_PER_BODY; i++) cases.push([route, mutate(body, r, liveId, limit)])
    }
    const token = tokenOf(b)
    const started = Date.now()
    const replies = await pool(
      4,
      cases.map(
        ([route, body]) =>
          () =>
            rawRequest(b.port, "POST", `${route}?token=${token}`, body)
      )
    )
    const bad = replies.flatMap((reply, i) =>
      reply.status > 0 && reply.status < 500 && !STACK.test(reply.text)
        ? []
        : [`${cases[i]![0]} ${cases[i]![1].slice(0, 100)} → ${reply.status} ${reply.text.slice(0, 200)}`]
    )
    console.log(`hook mutations: ${cases.length} bodies in ${Date.now() - started} ms`)
    expect(bad).toEqual([])
    expect(b.process.exitCode).toBe(null)
    const roster = await b.lich(["sessions"])
    expect(roster.code).toBe(0)
    expect(roster.stdout).not.toMatch(CONTROL)
    expect(roster.stdout.trimEnd().split("\n")).toHaveLength(2)
  }, 60_000)
})
