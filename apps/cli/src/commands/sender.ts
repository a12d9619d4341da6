/**
 * Who is asking: LICH_SESSION_ID of the calling process, "" outside a session, which is passed on,
 * not refused. Plain, for the plain commands: the contract's `fromId` builds a branded Schema value.
 */
import type { FromId } from "@lich/contract"
import { exitCodes } from "../exitCodes.js"
import type { Ending } from "../spec.js"

export const sender = (): FromId => (process.env.LICH_SESSION_ID ?? "") as FromId

/**
 * `[session] word`: with two words the first names the session; with one, the session is the one
 * this runs in, and outside a lich session there is none, which `alone` says as a usage line.
 */
export const sessionAnd = (words: ReadonlyArray<string>, alone: string): { target: string; word: string } | Ending => {
  const [a, b] = words
  const target = b === undefined ? "" : a!
  if (target === "" && sender() === "") return { _tag: "fail", message: alone, code: exitCodes.Usage }
  return { target, word: b === undefined ? a! : b }
}

export const isEnding = (x: object): x is Ending => "_tag" in x
