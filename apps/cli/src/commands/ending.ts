/** What the plain commands end in (spec.ts `Ending`), made from a call's outcome. */
import { exitCodeFor, exitCodes } from "../exitCodes.js"
import type { Ending } from "../spec.js"
import type { Called } from "../wire/call.js"

/** A call's answer printed as --json asks, or its failure as the one line. */
export const ended = <A>(c: Called<A>, asJson: boolean, render: (a: A) => string): Ending =>
  c.ok
    ? { _tag: "out", text: asJson ? JSON.stringify(c.value) : render(c.value), code: exitCodes.answered }
    : { _tag: "fail", message: c.message, code: exitCodeFor(c.tag) }

export const usageEnding = (message: string): Ending => ({ _tag: "fail", message, code: exitCodes.Usage })
