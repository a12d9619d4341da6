/**
 * A call to a far lich, its failures said to be that host's: a typed refusal there is the same
 * refusal here with "on host …" in front, and a link that failed under the call is a failure here.
 */
import { Ambiguous, Failed, type LichError, NotFound, Refused } from "@lich/contract"
import { Effect } from "effect"
import { FarDown, type Via } from "./Far.js"
import type { Links } from "./Links.js"

/** The same refusal, its message said to be the host's. */
export const saidOn = (host: string, e: LichError): LichError => {
  const message = `on host "${host}": ${e.message}`
  switch (e._tag) {
    case "NotFound":
      return new NotFound({ what: e.what, name: e.name, message })
    case "Ambiguous":
      return new Ambiguous({ name: e.name, message })
    case "Refused":
      return new Refused({ message })
    case "Failed":
      return new Failed({ message })
  }
}

/** A far refusal, said to be the host's; a link that failed under the call, as a failure here. */
const onHost =
  (host: string) =>
  (e: LichError | FarDown): LichError =>
    e instanceof FarDown
      ? new Failed({ message: `host "${host}": the link failed under the call (${e.message}) — lich hosts shows its state` })
      : saidOn(host, e)

/** Runs `f` against the host's forward, its failures said to be the host's. */
export const across = <A>(links: Links["Type"], host: string, f: (via: Via) => Effect.Effect<A, LichError | FarDown>) =>
  Effect.flatMap(links.via(host), (via) => f(via).pipe(Effect.mapError(onHost(host))))
