/** What a host's part of the sidebar shows, worked out without a DOM so it can be tested in node. */
import type { Project } from "../../logic/model.js"
import type { HostView } from "../../store/HostsStore.js"
import { type Row, sidebarRows } from "../lich-sidebar/view.js"

export interface HostHeaderView {
  readonly name: string
  readonly destination: string
  readonly state: HostView["status"]["state"]
  /** the far lich's version while connected, else the state in words */
  readonly badge: string
  /** why it is not connected, in one line ("" when it is) */
  readonly reason: string
  /** Reconnect (hosts.Connect) and, where no lich runs, Start (hosts.Connect with start) */
  readonly reconnect: boolean
  readonly start: boolean
  /** its cards cannot be reached now: dimmed, labelled, their terminals take no keys */
  readonly cut: boolean
}

const WORDS: Record<HostView["status"]["state"], string> = {
  connecting: "connecting…",
  connected: "connected",
  disconnected: "disconnected",
  "no-lich": "no lich running",
  refused: "refused"
}

export const hostHeader = (h: HostView): HostHeaderView => {
  const s = h.status
  const connected = s.state === "connected"
  return {
    name: s.name,
    destination: s.destination,
    state: s.state,
    badge: connected ? (s.version !== "" ? `lich ${s.version}` : WORDS.connected) : WORDS[s.state],
    reason: connected ? "" : s.message,
    // While ssh is being run there is nothing to press; once it is over, a person may ask again at once.
    reconnect: s.state === "disconnected" || s.state === "refused" || s.state === "no-lich",
    start: s.state === "no-lich",
    cut: !connected
  }
}

export interface HostProjectView {
  readonly project: Project
  readonly rows: ReadonlyArray<Row>
}

/** Each of the host's projects in its own order, its cards in blocks as local ones are. */
export const hostProjects = (h: HostView): ReadonlyArray<HostProjectView> =>
  h.model.projects.map((project) => ({
    project,
    rows: sidebarRows(h.model.cards.filter((c) => c.projectId === project.id))
  }))

/** What the section says when the host has nothing to list. */
export const hostEmpty = (h: HostView): string => {
  if (!h.loaded) return h.status.state === "connected" || h.status.state === "connecting" ? "Loading…" : ""
  return h.model.projects.length === 0 ? `No project is open on ${h.status.name}.` : ""
}
