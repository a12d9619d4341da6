/**
 * The window's picture of lich, and how each `/events` frame changes it. Pure: the page keeps one
 * Model, feeds every event through `applyEvent`, and renders what comes out; toasts are returned,
 * not shown, so this runs (and is tested) without a DOM.
 */
import type { LichEventWire, WindowStateWire } from "../api/wire.js"

export interface RelayMark {
  readonly direction: "out" | "in"
  readonly peer: string
  readonly ticket: string
}

/** What names a session wherever the window lists it: a card, or a parked session in History. */
export interface SessionNames {
  readonly id: string
  readonly projectId: string
  readonly project: string
  readonly label: string
  readonly kind: string
  /** spawn-time checkout, "" = the project's own directory: cards group by this, never by live cwd */
  readonly path: string
  readonly branch: string
}

export interface Card extends SessionNames {
  readonly folder: string
  readonly color: string
  /** a PTY runs for it, so there is a terminal to attach to */
  readonly live: boolean
  readonly state: string
  readonly relay: RelayMark | undefined
  /** what the hooks last said beside the state: the tool and its detail while busy, the reason while waiting */
  readonly tool: string
  readonly detail: string
  readonly reason: string
  /** context in use and cost, when the provider reports them (session-usage) */
  readonly usage: Usage | undefined
  /** who opened it: "" = a person */
  readonly originLabel: string
  readonly confined: boolean
}

export interface Usage {
  readonly percent: number | undefined
  readonly costUsd: number | undefined
}

export interface Project {
  readonly id: string
  readonly name: string
  readonly path: string
  /** the card this tab shows; "" = none picked */
  readonly activeId: string
}

export interface Model {
  readonly projects: ReadonlyArray<Project>
  /** in stored order: the sidebar's blocks follow the order their first card appears in */
  readonly cards: ReadonlyArray<Card>
  readonly activeProject: string
  /** bumped whenever something asks for the terminal's keyboard focus (a focus event, a click) */
  readonly focusTick: number
}

export interface Toast {
  readonly kind: "waiting" | "stalled"
  readonly text: string
  readonly detail: string
  /** the card Open goes to */
  readonly target: string
}

export const emptyModel: Model = { projects: [], cards: [], activeProject: "", focusTick: 0 }

export const fromState = (s: WindowStateWire, previous: Model = emptyModel): Model => {
  const projects = s.projects.map((p) => ({ id: p.id, name: p.name, path: p.path, activeId: p.activeId }))
  const cards = s.cards.map(
    (c): Card => ({
      id: c.session.id,
      projectId: c.session.projectId,
      project: c.session.project,
      label: c.session.label,
      kind: c.session.kind,
      path: c.session.path,
      branch: c.branch,
      folder: c.session.folder,
      color: c.color,
      live: c.live,
      state: c.state,
      // Relay marks, status lines and usage live only in the page (like the original): a reload starts without them.
      ...pageOnly(previous.cards.find((p) => p.id === c.session.id)),
      originLabel: c.session.originLabel,
      confined: c.session.confined
    })
  )
  const keep = projects.some((p) => p.id === previous.activeProject)
  return { projects, cards, activeProject: keep ? previous.activeProject : (projects[0]?.id ?? ""), focusTick: previous.focusTick }
}

const pageOnly = (c: Card | undefined) => ({
  relay: c?.relay,
  tool: c?.tool ?? "",
  detail: c?.detail ?? "",
  reason: c?.reason ?? "",
  usage: c?.usage
})

const patchCard = (m: Model, id: string, f: (c: Card) => Card): Model =>
  m.cards.some((c) => c.id === id) ? { ...m, cards: m.cards.map((c) => (c.id === id ? f(c) : c)) } : m

const patchProject = (m: Model, id: string, f: (p: Project) => Project): Model => ({
  ...m,
  projects: m.projects.map((p) => (p.id === id ? f(p) : p))
})

export const selectCard = (m: Model, id: string): Model => {
  const card = m.cards.find((c) => c.id === id)
  if (!card) return m
  return { ...patchProject(m, card.projectId, (p) => ({ ...p, activeId: id })), activeProject: card.projectId, focusTick: m.focusTick + 1 }
}

type EventOf<T extends LichEventWire["_tag"]> = Extract<LichEventWire, { readonly _tag: T }>
type Applied = { model: Model; toast?: Toast }

const sessionOpened = (m: Model, s: EventOf<"session-opened">["session"]): Applied => {
  if (m.cards.some((c) => c.id === s.id)) return { model: m }
  const card: Card = {
    id: s.id,
    projectId: s.projectId,
    project: s.project,
    label: s.label,
    kind: s.kind,
    path: s.path,
    branch: "",
    folder: s.folder,
    color: "",
    live: true,
    state: "",
    ...pageOnly(undefined),
    originLabel: s.originLabel,
    confined: s.confined
  }
  // Adopted without focus: the card appears, the selection and the tab stay where they were.
  const projects = m.projects.some((p) => p.id === s.projectId)
    ? m.projects
    : [...m.projects, { id: s.projectId, name: s.project, path: "", activeId: "" }]
  return { model: { ...m, projects, cards: [...m.cards, card], activeProject: m.activeProject === "" ? s.projectId : m.activeProject } }
}

const sessionStatus = (m: Model, e: EventOf<"session-status">): Applied => {
  // idle ends whatever the session was doing, errands included.
  const model = patchCard(m, e.id, (c) => ({
    ...c,
    state: e.state,
    relay: e.state === "idle" ? undefined : c.relay,
    tool: e.state === "busy" ? e.tool : "",
    detail: e.state === "busy" ? e.detail : "",
    reason: e.state === "waiting" ? e.reason : ""
  }))
  const card = model.cards.find((c) => c.id === e.id)
  if (e.state !== "waiting" || !card) return { model }
  return {
    model,
    toast: {
      kind: "waiting",
      text: `${card.label} needs your input`,
      detail: [card.project, e.reason].filter((x) => x !== "").join(" · "),
      target: card.id
    }
  }
}

const relayStalled = (m: Model, e: EventOf<"session-relay-stalled">): Applied => {
  const target = m.cards.find((c) => c.id === e.targetId)
  const name = e.target !== "" ? e.target : (target?.label ?? "the session")
  return {
    model: m,
    toast: { kind: "stalled", text: `${name} answered in its own session`, detail: target?.project ?? "", target: e.targetId }
  }
}

const projectClosed = (m: Model, id: string): Model => {
  const projects = m.projects.filter((p) => p.id !== id)
  const cards = m.cards.filter((c) => c.projectId !== id)
  const at = m.projects.findIndex((p) => p.id === id)
  const activeProject = m.activeProject !== id ? m.activeProject : (projects[Math.min(at, projects.length - 1)]?.id ?? "")
  return { ...m, projects, cards, activeProject }
}

export const applyEvent = (m: Model, e: LichEventWire): Applied => {
  switch (e._tag) {
    case "project-opened": {
      if (m.projects.some((p) => p.id === e.project.id)) return { model: m }
      const projects = [...m.projects, { ...e.project, activeId: "" }]
      return { model: { ...m, projects, activeProject: m.activeProject === "" ? e.project.id : m.activeProject } }
    }
    case "session-opened":
      return sessionOpened(m, e.session)
    case "session-closed": {
      const cards = m.cards.filter((c) => c.id !== e.id)
      const model = patchProject({ ...m, cards }, e.projectId, (p) => (p.activeId === e.id ? { ...p, activeId: e.activeId } : p))
      return { model }
    }
    case "session-title":
      return { model: patchCard(m, e.id, (c) => ({ ...c, label: e.label })) }
    case "session-status":
      return sessionStatus(m, e)
    case "session-exit":
      return { model: patchCard(m, e.id, (c) => ({ ...c, live: false })) }
    case "session-folder":
      return { model: patchCard(m, e.id, (c) => ({ ...c, folder: e.folder, color: e.color })) }
    case "session-relay":
      return {
        model: patchCard(m, e.id, (c) => ({
          ...c,
          relay: e.direction === "" ? undefined : { direction: e.direction, peer: e.peer, ticket: e.ticket }
        }))
      }
    case "session-relay-stalled":
      return relayStalled(m, e)
    case "session-usage":
      return { model: patchCard(m, e.id, (c) => ({ ...c, usage: { percent: e.percent, costUsd: e.costUsd } })) }
    case "project-closed":
      return { model: projectClosed(m, e.id) }
    case "session-focus": {
      const known = m.cards.some((c) => c.id === e.id)
      return { model: known ? selectCard(m, e.id) : m }
    }
    default:
      return { model: m }
  }
}

/** The card the active tab shows: its chosen one while it is still open, else its first. */
export const shownCard = (m: Model): Card | undefined => {
  const p = m.projects.find((x) => x.id === m.activeProject)
  return p && shownIn(m, p)
}

/** The card a tab shows, active or not: its chosen one while it is still open, else its first. */
const shownIn = (m: Model, p: Model["projects"][number]): Card | undefined => {
  const mine = m.cards.filter((c) => c.projectId === p.id)
  return mine.find((c) => c.id === p.activeId) ?? mine[0]
}

/** What a window remembers across a reload (in sessionStorage): its tab and the card each tab showed. */
export interface Selection {
  readonly activeProject: string
  readonly shown: Readonly<Record<string, string>>
}

/**
 * The card each tab shows, chosen or not: a tab showing its first card by default must come back to
 * it, not to the one the backend opened last (an open from the CLI moves the backend's choice only).
 */
export const selectionOf = (m: Model): Selection => ({
  activeProject: m.activeProject,
  shown: Object.fromEntries(
    m.projects.flatMap((p) => {
      const shown = shownIn(m, p)
      return shown ? [[p.id, shown.id]] : []
    })
  )
})

/** Lays a remembered selection over freshly loaded state, wherever those tabs and cards still exist. */
export const withSelection = (m: Model, s: Selection): Model => {
  const open = new Set(m.cards.map((c) => c.id))
  return {
    ...m,
    activeProject: m.projects.some((p) => p.id === s.activeProject) ? s.activeProject : m.activeProject,
    projects: m.projects.map((p) => {
      const id = s.shown[p.id]
      return id !== undefined && open.has(id) ? { ...p, activeId: id } : p
    })
  }
}
