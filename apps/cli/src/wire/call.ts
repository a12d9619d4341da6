/**
 * The plain commands' call (every command that runs without Effect): the payload checked against the
 * procedure's derived shape, one exchange, the reply read as the contract's shapes say — a success,
 * or one of the procedure's typed errors by its tag. No Effect: shapes.ts says why. What comes back
 * is the value or the failure's tag and line, for the exit-code table.
 */
import { decodeRpcEnvelope, type PayloadOf, type SuccessOf } from "@lich/contract"
import type { ExitTag } from "../exitCodes.js"
import { isExitTag } from "../exitCodes.js"
import { DEFAULT_TIMEOUT_MS } from "../reach.js"
import { exchange, type Unsure } from "./exchange.js"
import type { PlainProcedure } from "./procedures.js"
import { read } from "./shape.js"
import { shapesOf } from "./shapes.js"

export type Called<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly tag: ExitTag; readonly message: string }

const failed = (tag: ExitTag, message: string) => ({ ok: false, tag, message }) as const

/** The typed error a non-200 carries, when it is one of the procedure's; else the envelope's line. */
const refusal = (name: PlainProcedure, status: number, json: unknown) => {
  const envelope = decodeRpcEnvelope(json)
  const typed = read(shapesOf(name).error, envelope.failure)
  if (typed.ok) {
    const e = typed.value as { _tag: string; message: string }
    return failed(isExitTag(e._tag) ? e._tag : "Failed", e.message)
  }
  return failed("Unreachable", envelope.error ?? `lich answered ${status}`)
}

export const callPlain = async <P extends PlainProcedure>(
  name: P,
  payload: PayloadOf<P>,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  unsure?: Unsure
): Promise<Called<SuccessOf<P>>> => {
  const s = shapesOf(name)
  // The contract's bounds first, so a bad value is refused with its line before anything is sent.
  const checked = read(s.payload, payload)
  // A named check's refusal is the schema's own sentence (a label with a newline in it); any other
  // misfit is this CLI's own bug, said as such.
  if (!checked.ok) return failed("Usage", checked.refusal ?? `the ${name} payload does not fit the contract: ${checked.issue}`)
  const x = await exchange(`/rpc/${name}`, JSON.stringify(checked.value), { timeoutMs, unsure })
  if (x._tag === "unreachable") return failed("Unreachable", x.message)
  if (x.status !== 200) return refusal(name, x.status, x.json)
  const value = read(s.success, x.json)
  if (!value.ok) return failed("Unreachable", `lich answered in a shape this CLI does not know: ${value.issue}`)
  return { ok: true, value: value.value as SuccessOf<P> }
}
