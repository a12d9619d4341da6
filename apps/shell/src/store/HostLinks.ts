/**
 * The window's line to each host, through the local lich: the list (hosts.List at every load of the
 * whole picture), each connected host's two sockets (`/hosts/<name>/events`, `/hosts/<name>/ws`, with
 * this window's token — the far token never reaches the page) and its picture (hosts.State, loaded
 * again whenever its events socket opens, because events sent while nobody listened are gone).
 *
 * The hosts connected at the last list are remembered (localStorage, names only), and their pictures
 * asked for at once beside hosts.List rather than after it: a window with hosts paints them one
 * round trip sooner (bench/hosts-window.mjs). A remembered host that is gone or down answers a
 * refusal, which is dropped: the list that follows says what it is.
 *
 * A link follows the host's state as the local lich reports it: made when it turns connected, ended
 * when it is anything else, so a dropped host's terminal socket does not knock on a refused door
 * every second while the backend's own reconnect (1 s → 30 s) works; its cards keep their last
 * picture meanwhile. Also the person's calls on a host: open, close, start, reconnect.
 */
import type { PayloadOf } from "@lich/contract"
import type { Attempt, Call } from "../api/call.js"
import { connectEvents, TerminalMux } from "../api/sockets.js"
import type { LichEventWire } from "../api/wire.js"
import type { AnyToast } from "../components/lich-toasts/view.js"
import { openWorktreePayload, type WorktreeForm } from "../components/lich-worktree-dialog/view.js"
import type { Card, Project } from "../logic/model.js"
import { type HostCardRef, type HostsStore, isConnected } from "./HostsStore.js"
import { closePayload, openPayload } from "./payloads.js"

/** What of the local line a host's link needs. */
export interface LocalLine {
  readonly call: Call
  readonly attempt: Attempt
  readonly token: string | undefined
  follow(listener: (e: LichEventWire) => void): () => void
  reloaded(listener: () => void): () => void
}

interface Link {
  readonly mux: TerminalMux
  readonly closeEvents: () => void
}

const hostPath = (name: string, socket: "events" | "ws") => `/hosts/${encodeURIComponent(name)}/${socket}`

const REMEMBERED_KEY = "lich.hosts"

const remembered = (): ReadonlyArray<string> => {
  try {
    const names = JSON.parse(localStorage.getItem(REMEMBERED_KEY) ?? "[]") as unknown
    return Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : []
  } catch {
    return []
  }
}

export class HostLinks {
  private readonly links = new Map<string, Link>()
  /** hosts whose picture was asked for ahead of the list: their link does not ask again at once */
  private readonly ahead = new Set<string>()
  /** each host's last terminals' socket, closed once its link is: a terminal shown then keeps its screen */
  private readonly muxes = new Map<string, TerminalMux>()

  constructor(
    private readonly store: HostsStore,
    private readonly line: LocalLine,
    private readonly toast: (t: AnyToast) => void
  ) {
    line.reloaded(() => void this.list())
    line.follow((e) => {
      if (e._tag === "host-status") this.store.status(e)
      else if (e._tag === "host-removed") this.store.removed(e.name)
      else return
      // A removed host is in the store no more: sync ends its link and forgets its terminals' socket.
      this.sync()
    })
  }

  /** the terminals' socket of a host: its link's, or the last one's while the link is down */
  mux(name: string): TerminalMux | undefined {
    return this.muxes.get(name)
  }

  async list() {
    for (const name of remembered()) {
      if (this.links.has(name) || this.ahead.has(name)) continue
      this.ahead.add(name)
      const n = this.store.beginLoad(name)
      void this.line.attempt("hosts.State", { host: name }).then((r) => r.ok && this.store.loaded(name, n, r.value))
    }
    const list = await this.line.call("hosts.List")
    if (!list) return
    this.store.listed(list)
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify(list.filter((h) => h.state === "connected").map((h) => h.name)))
    this.sync()
    this.ahead.clear()
  }

  /** Each connected host has its link, and no other host has one. */
  private sync() {
    const token = this.line.token
    for (const h of this.store.state.hosts) {
      const name = h.status.name
      const up = isConnected(h)
      if (up && token !== undefined && !this.links.has(name)) this.link(name, token)
      if (!up) this.unlink(name)
    }
    for (const name of [...this.muxes.keys()]) {
      if (this.store.state.hosts.some((h) => h.status.name === name)) continue
      this.unlink(name)
      this.muxes.delete(name)
    }
  }

  private link(name: string, token: string) {
    const mux = new TerminalMux(token, hostPath(name, "ws"))
    const closeEvents = connectEvents(
      token,
      (e) => {
        const t = this.store.event(name, e)
        if (t) this.toast(t)
      },
      () => void this.load(name),
      hostPath(name, "events")
    )
    this.links.set(name, { mux, closeEvents })
    this.muxes.set(name, mux)
    this.store.linked(name)
    // At once, not only when the events socket opens: the cards paint a round trip sooner.
    if (!this.ahead.has(name)) void this.load(name)
  }

  private unlink(name: string) {
    const l = this.links.get(name)
    if (!l) return
    this.links.delete(name)
    l.closeEvents()
    l.mux.close()
  }

  private async load(name: string) {
    const n = this.store.beginLoad(name)
    const s = await this.line.call("hosts.State", { host: name })
    if (s) this.store.loaded(name, n, s)
  }

  /** The header's Reconnect (and Start, for a host where no lich runs): answers once the attempt is over. */
  async connect(name: string, start: boolean) {
    const r = await this.line.call("hosts.Connect", { name, start })
    if (r && r.state !== "connected") this.toast({ kind: "error", text: `${name}: ${r.message}`, detail: "", target: "" })
  }

  private async opened(host: string, payload: PayloadOf<"spawn.Open">): Promise<boolean> {
    const r = await this.line.call("hosts.Open", { host, ...payload })
    if (!r) return false
    if (r.startError !== "") this.toast({ kind: "error", text: r.startError, detail: host, target: "" })
    this.store.show({ host, id: r.session.id })
    return true
  }

  /** A session in a project of the host's, from the menu under its header: the payload a local one sends. */
  newSession(host: string, project: Project, kind: string) {
    return this.opened(host, openPayload(project, kind))
  }

  newWorktree(host: string, projectPath: string, f: WorktreeForm) {
    return this.opened(host, openWorktreePayload(projectPath, f))
  }

  /**
   * Its × on the host: closed there as its own command line would, a worktree kept (the far side's
   * files are not this window's to remove unasked; `lich close --host` is not offered either).
   */
  async close(host: string, card: Card) {
    const r = await this.line.call("hosts.Close", { host, ...closePayload(card), worktree: card.path === "" ? "" : "keep" })
    if (r) this.toast({ kind: "info", text: `Closed “${card.label}” on ${host}`, detail: "Its conversation is kept there.", target: "" })
  }

  /** A card shown with no PTY on the host (a restart there) starts it, as a local one does. */
  async start(ref: HostCardRef) {
    const r = await this.line.call("hosts.Start", { host: ref.host, from: "", target: ref.id })
    if (!r) return
    if (r.startError !== "") return this.toast({ kind: "error", text: r.startError, detail: ref.host, target: "" })
    this.store.started(ref)
    this.links.get(ref.host)?.mux.refresh(ref.id)
  }

  dispose() {
    for (const name of [...this.links.keys()]) this.unlink(name)
  }
}
