import * as http from "node:http"
import type * as net from "node:net"
import { Info } from "@lich/contract"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { httpCall, NO_LICH } from "./client.js"

const saved = { port: process.env.LICH_PORT, token: process.env.LICH_TOKEN }
const servers: Array<http.Server> = []
afterEach(async () => {
  process.env.LICH_PORT = saved.port
  process.env.LICH_TOKEN = saved.token
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    await new Promise((r) => s.close(r))
  }
})

/** A loopback server that does `behave` with each request; the CLI's env points at it. */
const lichThat = async (behave: (req: http.IncomingMessage, res: http.ServerResponse) => void) => {
  const server = http.createServer(behave)
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  process.env.LICH_PORT = String((server.address() as net.AddressInfo).port)
  process.env.LICH_TOKEN = "t"
}

const unsure = (why: string) => `not sure: ${why}`
const failure = (timeoutMs: number) => Effect.runPromise(Effect.flip(httpCall("system", Info, {}, timeoutMs, unsure)))

describe("a call whose answer never comes", () => {
  it("says it is not sure when a lich that is still there took the whole request and did not answer in time", async () => {
    await lichThat((req) => req.resume())
    expect(await failure(200)).toMatchObject({ _tag: "Unreachable", message: "not sure: no answer within 0 s" })
  })

  it("says the connection was lost, not 'not sure', when lich drops it (it went away, and its errands with it)", async () => {
    await lichThat((req) => req.on("end", () => req.socket.destroy()).resume())
    expect((await failure(5000)).message).toMatch(/^lost the connection to lich: socket hang up — is it still running\?/)
  })

  it("says no lich is running when nothing listens: nothing was sent", async () => {
    await lichThat(() => {})
    const port = process.env.LICH_PORT
    await new Promise((r) => servers.pop()!.close(r))
    process.env.LICH_PORT = port
    expect((await failure(5000)).message).toBe(NO_LICH)
  })
})
