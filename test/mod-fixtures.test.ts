/**
 * The mod contracts' fixtures (hooks/fixtures/mod-*) through the parsers and schemas the server
 * uses, and the POST ones as real requests to a real backend: accepted cases normalise to the listed
 * fields and answer 204, refused ones are refused on one line and answer 400. The command and status
 * shapes are decoded with the contract's own schemas, so a field the mod relies on cannot drift.
 */

import * as fs from "node:fs"
import * as path from "node:path"
import { ModCommand, ModStatus } from "@lich/contract"
import { parseAck, parseUsage } from "@lich/mod"
import { Either, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { agent, type Backend, root, startBackend, tokenOf } from "./harness.js"
import { request } from "./hookFixtures.js"

interface Case {
  readonly file: string
  readonly name: string
  readonly body?: unknown
  readonly raw?: string
  readonly accept?: Record<string, unknown>
  readonly reject?: string
}

const dir = path.join(root, "hooks", "fixtures")
const load = (file: string): ReadonlyArray<Case> =>
  fs
    .readFileSync(path.join(dir, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => ({ file, ...(JSON.parse(l) as Omit<Case, "file">) }))

const text = (c: Case) => (c.raw !== undefined ? c.raw : JSON.stringify(c.body))
/** Each parser as one signature: a body in, the decoded report or a one-line refusal out. */
type Parse = (raw: string) => Either.Either<unknown, string>
const contracts: ReadonlyArray<{ readonly file: string; readonly route: string; readonly parse: Parse }> = [
  { file: "mod-control.jsonl", route: "/mod/acks", parse: parseAck },
  { file: "mod-usage.jsonl", route: "/mod/usage", parse: parseUsage }
]

describe("the mod fixtures", () => {
  for (const c of contracts) {
    const cases = load(c.file)
    it(`${c.file} has accepted and refused cases, each named once, each with exactly one verdict`, () => {
      expect(cases.some((x) => x.accept)).toBe(true)
      expect(cases.some((x) => x.reject)).toBe(true)
      expect(new Set(cases.map((x) => x.name)).size).toBe(cases.length)
      for (const x of cases) expect((x.accept === undefined) !== (x.reject === undefined)).toBe(true)
    })
    it.each(cases.filter((x) => x.accept).map((x) => [x.name, x] as const))(`${c.file} accepts — %s`, (_, x) => {
      const parsed = c.parse(text(x))
      if (Either.isLeft(parsed)) throw new Error(`refused: ${parsed.left}`)
      expect(parsed.right).toMatchObject(x.accept!)
    })
    it.each(cases.filter((x) => x.reject).map((x) => [x.name, x] as const))(`${c.file} refuses — %s`, (_, x) => {
      const parsed = c.parse(text(x))
      expect(Either.isLeft(parsed)).toBe(true)
      if (Either.isLeft(parsed)) expect(parsed.left).toMatch(/^[^\n]+$/)
    })
  }

  it("mod-commands.json: every kind the mod takes, each decoding to itself through the contract's schema", () => {
    const commands = JSON.parse(fs.readFileSync(path.join(dir, "mod-commands.json"), "utf8")) as ReadonlyArray<unknown>
    const decoded = commands.map((c) => Schema.decodeUnknownSync(ModCommand, { onExcessProperty: "error" })(c))
    expect(decoded).toEqual(commands)
    expect(new Set(decoded.map((c) => c.kind))).toEqual(new Set(["prompt", "abort", "model", "effort", "command", "ask"]))
  })

  it("mod-status.json: the status view decodes through the contract's schema, empty arrays included", () => {
    const { examples } = JSON.parse(fs.readFileSync(path.join(dir, "mod-status.json"), "utf8")) as { examples: ReadonlyArray<unknown> }
    for (const e of examples) expect(Schema.decodeUnknownSync(ModStatus, { onExcessProperty: "error" })(e)).toEqual(e)
  })
})

describe("the mod fixtures as real requests", () => {
  let b: Backend
  let live: string
  beforeAll(async () => {
    b = await startBackend({ LICH_CLAUDE_BIN: agent("hooked-silent") })
    live = JSON.parse((await b.lich(["open", "--project", b.project("fx"), "--kind", "claude", "--json"])).stdout).id
  })
  afterAll(async () => {
    await b?.stop()
  })

  /** The fixtures name a made-up session; a real request names the live one. */
  const asLive = (x: Case) => (x.raw !== undefined ? x.raw : JSON.stringify(x.body).replaceAll("0b9c4f2e7d1a4c3b8e6f5a4d3c2b1a09", live))

  for (const c of contracts) {
    it(`${c.route} answers 204 to every accepted case of ${c.file} and 400 to every refused one`, async () => {
      const replies = await Promise.all(
        load(c.file).map(async (x) => ({
          name: x.name,
          want: x.accept ? 204 : 400,
          got: await request(b.port, "POST", `${c.route}?token=${tokenOf(b)}`, asLive(x), {
            "content-type": "application/json",
            "x-lich-plugin": "0.15.0"
          })
        }))
      )
      expect(replies.filter((r) => r.got.status !== r.want).map((r) => `${r.name}: ${r.got.status} ${r.got.text}`)).toEqual([])
      for (const r of replies.filter((x) => x.want === 400)) expect(r.got.text).toMatch(/^[^\n]+$/)
    })
  }

  it("/mod/acks takes a body up to 64 KiB (an ack carries a side answer), /mod/usage only 4 KiB", async () => {
    const big = JSON.stringify({ session_id: live, id: "1a2b3c4d", kind: "ask", ok: true, answer: "x".repeat(60 * 1024) })
    expect((await request(b.port, "POST", `/mod/acks?token=${tokenOf(b)}`, big)).status).toBe(204)
    const tooBig = JSON.stringify({ session_id: live, id: "1a2b3c4d", kind: "ask", ok: true, answer: "x".repeat(65 * 1024) })
    expect((await request(b.port, "POST", `/mod/acks?token=${tokenOf(b)}`, tooBig)).status).toBe(413)
    const usage = JSON.stringify({ session_id: live, conversation_id: "c".repeat(5 * 1024), context: { window: 1 } })
    expect((await request(b.port, "POST", `/mod/usage?token=${tokenOf(b)}`, usage)).status).toBe(413)
  })

  it("/mod/usage answers 404 for a session lich is not running, so the mod stops reporting", async () => {
    const body = JSON.stringify({ session_id: "0123456789abcdef0123456789abcdef", conversation_id: "c", context: { window: 200000 } })
    expect((await request(b.port, "POST", `/mod/usage?token=${tokenOf(b)}`, body)).status).toBe(404)
  })
})
