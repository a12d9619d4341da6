/**
 * What the window knows of each host: its link as the local lich reports it (hosts.List, then each
 * `host-status` frame), and the far lich's own picture — its projects and cards, loaded with
 * hosts.State and followed through that host's `/hosts/<name>/events` — kept in the same Model the
 * local cards use, so cards, rings and toasts behave alike. A host whose link is down keeps its last
 * picture, drawn disconnected: its sessions go on running on the host's PTY host, and the picture is
 * loaded again when the link is back. Also which host card the main area shows, and which host
 * project's new-session menu is open. Nothing here talks to the backend: HostLinks does.
 */
import type { SuccessOf } from "@lich/contract"
import type { LichEventWire, WindowStateWire } from "../api/wire.js"
import { applyEvent, type Card, emptyModel, fromState, type Model, type Toast } from "../logic/model.js"
import { LoadEvents } from "./loadEvents.js"
import { Store } from "./Store.js"

export type HostStatusWire = SuccessOf<"hosts.List">[number]

export interface HostView {
  readonly status: HostStatusWire
  /** the far lich's projects and cards, as of its last load and the events since */
  readonly model: Model
  /** that picture has loaded once at least: before it, the header says it is loading */
  readonly loaded: boolean
  /** bumped at every link made: a terminal shown on the host mounts again on the new link's socket */
  readonly link: number
}

/** A card of a host's, named by both: card ids are each lich's own, so the host is part of the name. */
export interface HostCardRef {
  readonly host: string
  readonly id: string
}

export interface HostsState {
  readonly hosts: ReadonlyArray<HostView>
  /** the host card the main area shows; undefined = a local card is shown */
  readonly shown: HostCardRef | undefined
  /** the host project whose new-session menu is open: "<host>\n<project id>", "" = none */
  readonly menu: string
  /** hosts.List has answered once: before it, an empty list means "not read yet", not "none" */
  readonly listed: boolean
}

export const isConnected = (h: HostView): boolean => h.status.state === "connected"

/**
 * The hosts as Settings › Hosts lists them: the links this store follows (hosts.List, `host-status`,
 * `host-removed`), so the panel and the sidebar show one list; undefined until the list is read.
 */
export const hostStatuses = (s: HostsState): ReadonlyArray<HostStatusWire> | undefined =>
  s.listed ? s.hosts.map((h) => h.status) : undefined

export const hostCard = (s: HostsState, ref: HostCardRef | undefined): { host: HostView; card: Card } | undefined => {
  const host = ref && s.hosts.find((h) => h.status.name === ref.host)
  const card = host?.model.cards.find((c) => c.id === ref!.id)
  return host && card ? { host, card } : undefined
}

/** The host that has a card of this id (a toast's Open names only the id). */
export const hostOfCard = (s: HostsState, id: string): string | undefined =>
  s.hosts.find((h) => h.model.cards.some((c) => c.id === id))?.status.name

const fresh = (status: HostStatusWire): HostView => ({ status, model: emptyModel, loaded: false, link: 0 })

export class HostsStore extends Store<HostsState> {
  private readonly loads = new Map<string, number>()
  /** the latest load laid down, per host */
  private readonly applied = new Map<string, number>()
  /** each host's events taken while a load of its picture is out, laid again over it (loadEvents.ts) */
  private readonly taken = new Map<string, LoadEvents<LichEventWire>>()
  /** pictures that came back before hosts.List named their host */
  private readonly early = new Map<string, WindowStateWire>()

  constructor() {
    super({ hosts: [], shown: undefined, menu: "", listed: false })
  }

  private patch(name: string, f: (h: HostView) => HostView) {
    this.set({ hosts: this.state.hosts.map((h) => (h.status.name === name ? f(h) : h)) })
  }

  /** hosts.List answered: the hosts in its order, each keeping the picture it had. */
  listed(list: ReadonlyArray<HostStatusWire>) {
    const hosts = list.map((status): HostView => {
      const had = this.state.hosts.find((h) => h.status.name === status.name)
      if (had) return { ...had, status }
      const early = this.early.get(status.name)
      return early ? { ...fresh(status), model: fromState(early), loaded: true } : fresh(status)
    })
    this.early.clear()
    const shown = this.state.shown && hosts.some((h) => h.status.name === this.state.shown?.host) ? this.state.shown : undefined
    this.set({ hosts, shown, listed: true })
  }

  /** A `host-status` frame: a host added from the CLI appears; a link that came up gets a new generation. */
  status(e: Extract<LichEventWire, { _tag: "host-status" }>) {
    const status: HostStatusWire = { name: e.name, destination: e.destination, state: e.state, message: e.message, version: e.version }
    if (!this.state.hosts.some((h) => h.status.name === e.name)) return this.set({ hosts: [...this.state.hosts, fresh(status)] })
    this.patch(e.name, (h) => ({ ...h, status }))
  }

  /** A `host-removed` frame (hosts.Remove from anywhere): its section goes, and what it showed. */
  removed(name: string) {
    this.early.delete(name)
    this.taken.delete(name)
    if (!this.state.hosts.some((h) => h.status.name === name)) return
    const hosts = this.state.hosts.filter((h) => h.status.name !== name)
    const shown = this.state.shown?.host === name ? undefined : this.state.shown
    const menu = this.state.menu.startsWith(`${name}\n`) ? "" : this.state.menu
    this.set({ hosts, shown, menu })
  }

  /** Its link is made (its sockets open): terminals shown on it mount again on the new one. */
  linked(name: string) {
    this.patch(name, (h) => ({ ...h, link: h.link + 1 }))
  }

  /**
   * A load of a host's picture begins. Loads overlap — one at once, one when its events socket opens
   * — and each answer is laid down unless a later one already was: the first to come back paints the
   * cards (through the forward, the later may take a far round trip longer), and the one asked after
   * the socket opened, which no event can have been missed before, has the last word.
   */
  beginLoad(name: string): number {
    const n = (this.loads.get(name) ?? 0) + 1
    this.loads.set(name, n)
    this.eventsOf(name).begin(n)
    return n
  }

  loaded(name: string, n: number, s: WindowStateWire) {
    if (n <= (this.applied.get(name) ?? 0)) return
    this.applied.set(name, n)
    const since = this.eventsOf(name).landed(n)
    // A picture asked for before the list named its host (HostLinks asks at once for the hosts it remembers): kept for it.
    if (!this.state.hosts.some((h) => h.status.name === name)) return void this.early.set(name, s)
    this.patch(name, (h) => ({ ...h, model: since.reduce((m, e) => applyEvent(m, e).model, fromState(s, h.model)), loaded: true }))
  }

  /** One frame of a host's events: its picture follows it; what needs the person comes back as a toast, its host named. */
  event(name: string, e: LichEventWire): Toast | undefined {
    const host = this.state.hosts.find((h) => h.status.name === name)
    if (!host) return undefined
    this.eventsOf(name).take(e)
    const { model, toast } = applyEvent(host.model, e)
    if (model !== host.model) this.patch(name, (h) => ({ ...h, model }))
    if (e._tag === "session-closed" && this.state.shown?.host === name && this.state.shown.id === e.id) this.set({ shown: undefined })
    return toast && { ...toast, detail: [name, toast.detail].filter((x) => x !== "").join(" · ") }
  }

  private eventsOf(name: string): LoadEvents<LichEventWire> {
    const had = this.taken.get(name)
    if (had) return had
    const made = new LoadEvents<LichEventWire>()
    this.taken.set(name, made)
    return made
  }

  show(ref: HostCardRef) {
    const s = this.state.shown
    if (s?.host !== ref.host || s.id !== ref.id || this.state.menu !== "") this.set({ shown: ref, menu: "" })
  }

  /** A local card or tab was picked: the main area shows it again. */
  unshow() {
    if (this.state.shown || this.state.menu !== "") this.set({ shown: undefined, menu: "" })
  }

  /** Its PTY runs now (hosts.Start answered): the card has a terminal to attach to. */
  started(ref: HostCardRef) {
    this.patch(ref.host, (h) => ({
      ...h,
      model: { ...h.model, cards: h.model.cards.map((c) => (c.id === ref.id ? { ...c, live: true } : c)) }
    }))
  }

  menuFor(host: string, project: string) {
    this.set({ menu: host === "" ? "" : `${host}\n${project}` })
  }
}
