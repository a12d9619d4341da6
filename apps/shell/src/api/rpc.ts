/** Calls `POST /rpc/<group>.<Method>?token=` with a JSON object, as the CLI does; failures carry the backend's message. */
import { decodeRpcEnvelope } from "@lich/contract"

export class RpcError extends Error {
  constructor(
    readonly tag: string,
    message: string,
    readonly status: number
  ) {
    super(message)
  }
}

export type Rpc = <A = unknown>(method: string, payload?: Record<string, unknown>) => Promise<A>

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
    if (res.ok) return body as never
    const e = decodeRpcEnvelope(body)
    throw new RpcError(e.tag ?? "Failed", e.error ?? `${method} answered ${res.status}`, res.status)
  }
