/**
 * The WebSocket frame matrix: every protocol error a client can commit, as raw TCP bytes, against
 * both sockets. Each one must close that socket (with a close frame) and nothing else: the backend
 * still answers afterwards and its sessions still run. Before the fix any of these ended the process
 * ("Unhandled 'error' event … WS_ERR_…"), and every session with it.
 */
import * as crypto from "node:crypto"
import { describe, expect, it } from "vitest"
import { backendForFile, rawExchange, rawRequest } from "./faultHarness.js"

const backend = backendForFile()

const MASK = Buffer.from([0x11, 0x22, 0x33, 0x44])

/** A client frame: FIN/RSV bits and opcode, masked payload, the length in its shortest form. */
const frame = (first: number, payload: Buffer, masked = true): Buffer => {
  const n = payload.length
  const len =
    n < 126 ? Buffer.from([n]) : n < 65536 ? Buffer.from([126, n >> 8, n & 255]) : Buffer.concat([Buffer.from([127]), u64(BigInt(n))])
  if (masked) len[0]! |= 0x80
  const body = masked ? Buffer.from(payload.map((x, i) => x ^ MASK[i % 4]!)) : payload
  return Buffer.concat([Buffer.from([first]), len, masked ? MASK : Buffer.alloc(0), body])
}

const u64 = (n: bigint) => {
  const b8 = Buffer.alloc(8)
  b8.writeBigUInt64BE(n)
  return b8
}

/** Only a header claiming `length` bytes: the server must refuse on the header, not wait for them. */
const claims = (length: bigint) => Buffer.concat([Buffer.from([0x82, 0x80 | 127]), u64(length), MASK])

const matrix: ReadonlyArray<readonly [string, Buffer]> = [
  ["a frame over 1 MiB", claims(2n * 1024n * 1024n)],
  ["a 2^63 length", claims(2n ** 63n - 1n)],
  ["invalid UTF-8 in a text frame", frame(0x81, Buffer.from([0xff, 0xfe, 0xfd]))],
  ["an unmasked frame", frame(0x81, Buffer.from("hi"), false)],
  ["a reserved opcode", frame(0x83, Buffer.from("x"))],
  ["RSV1 without a negotiated extension", frame(0xc1, Buffer.from("x"))],
  ["a fragmented ping", frame(0x09, Buffer.from("x"))],
  ["a control frame over 125 bytes", frame(0x89, Buffer.alloc(126, 1))],
  ["a continuation with nothing to continue", frame(0x80, Buffer.from("x"))]
]

const upgrade = (path: string) =>
  `GET ${path}?token=${backend.token} HTTP/1.1\r\nHost: 127.0.0.1:${backend.b.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`

const handshook = (reply: string) => reply.includes("\r\n\r\n")

describe.each(["/events", "/ws"])("%s under a protocol error", (path) => {
  it.each(matrix)("closes the socket on %s and the backend keeps serving", async (_name, bad) => {
    const { reply, closedByServer } = await rawExchange(backend.b.port, Buffer.concat([Buffer.from(upgrade(path)), bad]))
    const text = reply.toString("latin1")
    expect(text.startsWith("HTTP/1.1 101")).toBe(true)
    const afterHandshake = reply.subarray(text.indexOf("\r\n\r\n") + 4)
    expect(afterHandshake[0]).toBe(0x88) // a close frame, with the protocol error's status code
    expect(closedByServer).toBe(true)
    expect((await rawRequest(backend.b.port, "GET", `/ping?token=${backend.token}`)).status).toBe(204)
  })
})

describe("after the whole matrix", () => {
  it("is the same process, still answering commands and opening sockets", async () => {
    expect(backend.b.process.exitCode).toBe(null)
    const sessions = await backend.b.lich(["sessions", "--json"])
    expect(sessions).toMatchObject({ code: 0, stdout: "[]\n" })
    const { reply } = await rawExchange(backend.b.port, upgrade("/events"), handshook)
    expect(reply.toString("latin1").startsWith("HTTP/1.1 101")).toBe(true)
  })

  it("refuses a socket opened from another origin, and takes the window's own", async () => {
    const withOrigin = (origin: string) => upgrade("/events").replace("\r\n\r\n", `\r\nOrigin: ${origin}\r\n\r\n`)
    expect((await rawExchange(backend.b.port, withOrigin("http://evil.test"))).reply.toString("latin1")).toMatch(/^HTTP\/1\.1 403/)
    expect(
      (await rawExchange(backend.b.port, withOrigin(`http://127.0.0.1:${backend.b.port}`), handshook)).reply.toString("latin1")
    ).toMatch(/^HTTP\/1\.1 101/)
  })
})
