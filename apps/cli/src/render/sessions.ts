/** Pure renderers for the roster: `sessions` and `whoami`. Columns are appended, never inserted. */
import type { Peer } from "@lich/contract"

const HEADER = ["session", "project", "provider", "name", "state"]

const row = (p: Peer): Array<string> => [p.label, p.project, p.kind, p.name, p.state === "" ? "-" : p.state]

export const renderSessions = (peers: ReadonlyArray<Peer>): string =>
  peers.length === 0 ? "No other live sessions." : [HEADER, ...peers.map(row)].map((cols) => cols.join("\t")).join("\n")

export const renderWhoami = (p: Peer): string =>
  [
    [...HEADER, "id"],
    [...row(p), p.id]
  ]
    .map((c) => c.join("\t"))
    .join("\n")
