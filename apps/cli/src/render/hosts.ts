/** Pure renderers for `lich hosts`: the list as tab-separated rows, and one line per change. */
import type { HostStatus } from "@lich/contract"

const HEADER = ["host", "destination", "state", "version", "message"]

/** The list, a header first; the message last, since it is the one free-text column. */
export const renderHosts = (hosts: ReadonlyArray<HostStatus>): string =>
  hosts.length === 0
    ? "No hosts. Add one: lich hosts add <name> <ssh-destination>"
    : [HEADER, ...hosts.map((h) => [h.name, h.destination, h.state, h.version || "-", h.message])].map((c) => c.join("\t")).join("\n")

/** Where a host stands, in one sentence: connected with its lich's version, or the state and why. */
export const renderState = (h: HostStatus): string =>
  h.state === "connected" ? `${h.name} is connected (lich ${h.version}).` : `${h.name} is ${h.state}: ${h.message}`

export const renderAdded = (h: HostStatus): string => `Added ${h.name} (${h.destination}). ${renderState(h)}`

export const renderRemoved = (h: HostStatus): string => `Removed ${h.name} (${h.destination}).`
