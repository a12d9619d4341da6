/** The relay mark on a card: who it waits on (→) or answers (←), and the ticket in the tooltip. */
import type { RelayMark } from "./model.js"

/** An errand sent from a plain terminal has no session: the original says "command line". */
const peerName = (peer: string) => (peer === "" ? "command line" : peer)

export const relayText = (r: RelayMark): string => `${r.direction === "out" ? "→" : "←"} ${peerName(r.peer)}`

export const relayTooltip = (r: RelayMark): string =>
  r.direction === "out"
    ? `Waiting on ${peerName(r.peer)}\nticket ${r.ticket}`
    : `Answering ${peerName(r.peer)}\nticket ${r.ticket}\nlich reply ${r.ticket} "…"`
