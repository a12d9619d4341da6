import { afterEach, describe, expect, it, vi } from "vitest"
import { makeRpc, RpcError } from "./rpc.js"

const open = { from: "", project: "/w/api", kind: "shell", worktree: "", base: "", model: "", effort: "", ultracode: false, folder: "" }

const answering = (status: number, text: string) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => ({ ok: status >= 200 && status < 300, status, text: async () => text }))
  )

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the window's RPC call", () => {
  it("answers the decoded success", async () => {
    answering(200, '{"id":"a"}')
    expect(await makeRpc("t")("spawn.Open", open)).toEqual({ id: "a" })
  })

  it("throws the envelope's message with the failure's tag and the status", async () => {
    answering(404, '{"error":"no session x","failure":{"_tag":"NotFound","what":"session","name":"x","message":"no session x"}}')
    const e = await makeRpc("t")("spawn.Close", { from: "", target: "x", project: "", worktree: "", force: false }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(RpcError)
    expect(e).toMatchObject({ tag: "NotFound", message: "no session x", status: 404 })
  })

  it("says Failed and which call answered what when the envelope carries no failure or no message", async () => {
    answering(413, '{"error":"request body over 1 MiB"}')
    expect(
      await makeRpc("t")("relay.Insert", { from: "", session: "x", project: "", text: "hi", timeout: 0 }).catch((x: unknown) => x)
    ).toMatchObject({
      tag: "Failed",
      message: "request body over 1 MiB",
      status: 413
    })
    answering(500, "")
    expect(await makeRpc("t")("system.State").catch((x: unknown) => x)).toMatchObject({
      tag: "Failed",
      message: "system.State answered 500",
      status: 500
    })
  })
})
