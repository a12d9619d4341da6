/**
 * Every case in hooks/fixtures/ through the parser and as a real POST to a real backend: the
 * accepted ones normalise to exactly the listed fields and answer 204, the refused ones are refused
 * by the parser and answer 400 with its line. Then the route rules every hook endpoint shares.
 */
import { contracts, parseRaw } from "@lich/hooks"
import { Either } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, startBackend } from "./harness.js"
import { loadFixtures, request, runtimeToken } from "./hookFixtures.js"

const cases = loadFixtures()
const accepted = cases.filter((c) => c.accept !== undefined)
const refused = cases.filter((c) => c.reject !== undefined)

describe("the hook fixtures", () => {
  it("cover every contract with both accepted and refused cases", () => {
    for (const { fixture } of Object.values(contracts)) {
      expect(accepted.some((c) => c.file === `${fixture}.jsonl`)).toBe(true)
      expect(refused.some((c) => c.file === `${fixture}.jsonl`)).toBe(true)
    }
  })

  it.each(accepted.map((c) => [`${c.file}: ${c.name}`, c] as const))("parse — %s", (_, c) => {
    const parsed = parseRaw(c.path, c.text)
    if (Either.isLeft(parsed)) throw new Error(`refused: ${parsed.left}`)
    // Only the listed fields are asserted: a case pins what it is about and nothing else.
    expect(parsed.right).toMatchObject(c.accept!)
  })

  it.each(refused.map((c) => [`${c.file}: ${c.name}`, c] as const))("refuse — %s", (_, c) => {
    const parsed = parseRaw(c.path, c.text)
    expect(Either.isLeft(parsed)).toBe(true)
    // One line a person can act on: never empty, never a stack.
    if (Either.isLeft(parsed)) expect(parsed.left).toMatch(/^[^\n]+$/)
  })
})

describe("the hook routes of a real backend", () => {
  let b: Backend
  let token: string
  beforeAll(async () => {
    b = await startBackend()
    token = runtimeToken(b.env)
  })
  afterAll(async () => {
    await b?.stop()
  })

  const post = (path: string, body: string, query = `?token=${token}`) =>
    request(b.port, "POST", `${path}${query}`, body, { "content-type": "application/json", "x-lich-plugin": "0.1.0" })

  it("answer 204 to every accepted fixture", async () => {
    const replies = await Promise.all(accepted.map(async (c) => ({ name: `${c.file}: ${c.name}`, ...(await post(c.path, c.text)) })))
    expect(replies.filter((r) => r.status !== 204)).toEqual([])
  })

  it("answer 400 with the parser's line to every refused fixture", async () => {
    const replies = await Promise.all(refused.map(async (c) => ({ c, reply: await post(c.path, c.text) })))
    for (const { c, reply } of replies) {
      const parsed = parseRaw(c.path, c.text)
      expect({ name: c.name, status: reply.status, text: reply.text }).toEqual({
        name: c.name,
        status: 400,
        text: Either.isLeft(parsed) ? parsed.left : "(accepted by the parser)"
      })
    }
  })

  it.each(Object.keys(contracts))("refuse GET on %s with 405", async (path) => {
    expect((await request(b.port, "GET", `${path}?token=${token}`)).status).toBe(405)
  })

  it.each(Object.keys(contracts))("refuse %s without the token, or with a wrong one, with 401", async (path) => {
    const body = JSON.stringify({ session_id: "x", state: "busy", title: "t", provider_session_id: "p" })
    expect((await post(path, body, "")).status).toBe(401)
    expect((await post(path, body, "?token=00")).status).toBe(401)
  })

  it.each(Object.keys(contracts))("refuse a body over 4 KiB on %s with 413", async (path) => {
    const body = JSON.stringify({ session_id: "x", state: "busy", title: "t".repeat(5000) })
    expect((await post(path, body)).status).toBe(413)
  })

  it("accept a body of exactly 4 KiB", async () => {
    const head = JSON.stringify({ session_id: "x", state: "busy", tool: "" })
    const body = head.replace('"tool":""', `"tool":"${"t".repeat(4096 - head.length)}"`)
    expect(Buffer.byteLength(body)).toBe(4096)
    expect((await post("/hook", body)).status).toBe(204)
  })
})
