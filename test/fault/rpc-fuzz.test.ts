/**
 * RPC and HTTP body fuzz against a real backend: every procedure of the contract gets bodies that
 * are wrong by depth (100k levels), by type (a bare string, a number, an array, fields of the wrong
 * type) and by size (over 1 MiB); malformed request targets and static paths are thrown at the
 * listener too. Every answer is a 4xx, and no body carries a stack trace. Procedures that take no
 * payload get only non-objects (a valid `{}` would quit lich or open a window).
 */
import { rpcGroups } from "@lich/contract"
import { describe, expect, it } from "vitest"
import { backendForFile, type Prng, pool, prng, rawExchange, rawRequest, STACK } from "./faultHarness.js"

const SEED = 0x4bc_2026
const BODIES_PER_PROCEDURE = 14

const backend = backendForFile()

interface Procedure {
  readonly tag: string
  /** the payload's field names; empty for a procedure that takes none */
  readonly fields: ReadonlyArray<string>
}

const procedures: ReadonlyArray<Procedure> = rpcGroups.flatMap((group) =>
  [...group.requests.values()].map((rpc) => {
    const fields = (rpc.payloadSchema as { fields?: Record<string, unknown> }).fields
    return { tag: rpc._tag, fields: fields ? Object.keys(fields) : [] }
  })
)

const deep = (n: number, open: string, close: string, inner = "1") => open.repeat(n) + inner + close.repeat(n)

/** Bodies that are wrong for every procedure, whatever it takes. */
const nonObjects = (r: Prng): ReadonlyArray<string> => [
  '"x"',
  "1",
  "-0",
  "null",
  "true",
  "[]",
  "[{}]",
  `"${"\\u0000".repeat(8)}"`,
  "{",
  "}",
  '{"a":',
  "\u0000",
  "\ufeff{}",
  deep(100_000, "[", "]", ""),
  `{"a":${deep(100_000, "[", "]", "")}}`,
  `{"a":${deep(40, '{"a":', "}")}}`,
  String(r.next())
]

/** Objects with every field of the wrong type: for procedures that take a payload. */
const wrongFields = (p: Procedure, r: Prng): string => {
  const wrong = [1, -1, true, null, [], {}, [["x"]], { a: { b: 1 } }, 1e308, "x".repeat(r.int(3) * 1000)]
  const body: Record<string, unknown> = {}
  for (const f of p.fields) body[f] = r.pick(wrong)
  // A string where a string belongs would be valid for that field: at least one field is surely wrong.
  if (p.fields.length > 0) body[p.fields[0]!] = r.pick([1, true, null, [], {}])
  return JSON.stringify(body)
}

const post = (tag: string, body: string | Buffer) => rawRequest(backend.b.port, "POST", `/rpc/${tag}?token=${backend.token}`, body)

describe(`RPC body fuzz (seed ${SEED.toString(16)})`, () => {
  it(`answers every wrong body to each of ${procedures.length} procedures with a 4xx and no stack`, async () => {
    const r = prng(SEED)
    const cases: Array<readonly [string, string]> = []
    for (const p of procedures) {
      for (const body of nonObjects(r)) cases.push([p.tag, body])
      if (p.fields.length > 0) for (let i = 0; i < BODIES_PER_PROCEDURE; i++) cases.push([p.tag, wrongFields(p, r)])
    }
    const started = Date.now()
    const replies = await pool(
      4,
      cases.map(
        ([tag, body]) =>
          () =>
            post(tag, body)
      )
    )
    const bad = replies.flatMap((reply, i) =>
      reply.status >= 400 && reply.status < 500 && !STACK.test(reply.text)
        ? []
        : [`${cases[i]![0]} ${cases[i]![1].slice(0, 80)} → ${reply.status} ${reply.text.slice(0, 200)}`]
    )
    console.log(`rpc fuzz: ${cases.length} bodies in ${Date.now() - started} ms`)
    expect(bad).toEqual([])
    expect(backend.b.process.exitCode).toBe(null)
  }, 60_000)

  it("refuses a body over 1 MiB with a 413 and reads the rest, so the client hears why", async () => {
    const reply = await post("relay.Peers", Buffer.alloc(1024 * 1024 + 1, 0x20))
    expect(reply).toEqual({ status: 413, text: '{"error":"request body over 1 MiB"}' })
  })

  it("answers a malformed request target or static path with a 400, a foreign Origin with a 403", async () => {
    for (const target of ["/%E0%A4%A", "/a%00b", "/%", "/%zz", "/..%2f..%2fetc%2fpasswd"]) {
      const reply = await rawRequest(backend.b.port, "GET", target)
      expect(reply.status, target).toBeGreaterThanOrEqual(400)
      expect(reply.status, target).toBeLessThan(500)
    }
    for (const target of ["http://[", "//[::1", "http://%zz/"]) {
      const { reply } = await rawExchange(
        backend.b.port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${backend.b.port}\r\nConnection: close\r\n\r\n`
      )
      expect(reply.toString("latin1"), target).toMatch(/^HTTP\/1\.1 4\d\d /)
    }
    const foreign = await rawRequest(backend.b.port, "POST", `/rpc/system.Info?token=${backend.token}`, "{}", {
      origin: "http://evil.test"
    })
    expect(foreign).toEqual({ status: 403, text: "forbidden origin" })
    expect(
      (
        await rawRequest(backend.b.port, "POST", `/rpc/system.Info?token=${backend.token}`, "{}", {
          origin: `http://127.0.0.1:${backend.b.port}`
        })
      ).status
    ).toBe(200)
  })

  it("never quits on a body that is not the procedure's object", async () => {
    expect(await post("system.Quit", '"x"')).toEqual({
      status: 400,
      text: `{"error":"the request body must be one JSON object of the procedure's arguments"}`
    })
    expect((await rawRequest(backend.b.port, "GET", `/ping?token=${backend.token}`)).status).toBe(204)
  })
})
