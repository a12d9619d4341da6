/** Calls `POST /rpc/<group>.<Method>?token=` with a JSON object, as the CLI does; failures carry the backend's message. */
import type { ProcedureName, SuccessOf } from "@lich/contract"
import { decodeRpcEnvelope } from "@lich/contract"
import type { PayloadArg } from "./call.js"

export class RpcError extends Error {
  constructor(
    readonly tag: string,
    message: string,
    readonly status: number
  ) {
    super(message)
  }
}

/** Answers the encoded success, or throws an RpcError. */
export type Rpc = <P extends ProcedureName>(procedure: P, ...payload: PayloadArg<P>) => Promise<SuccessOf<P>>

export const makeRpc =
  (token: string): Rpc =>
  async (method, payload = {}) => {
    const res = await fetch(`/rpc/${method}?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload)
    })
    const text = await res.text()
    const body = text === "" ? null : (JSON.parse(text) as unknown)
    // The body is the server's encoding of this procedure's success: trusted, as the CLI trusts it.
    if (res.ok) return body as never
    const e = decodeRpcEnvelope(body)
    throw new RpcError(e.tag ?? "Failed", e.error ?? `${method} answered ${res.status}`, res.status)
  }
