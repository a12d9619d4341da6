/**
 * The window's line to lich: the token, the RPC call every action goes through, the terminals'
 * socket and the events socket. It loads the whole picture (system.State, the themes, the providers)
 * at once on start and again on every reconnect, because events sent while nobody listened are
 * gone; then each event goes to the store, plus what it asks of the page beyond the state: a
 * desktop notification, the themes listed again. A panel with a store of its own follows the same
 * two beats: `reloaded` at each load, `follow` for each event.
 */
import type { Attempt, Call } from "../api/call.js"
import { raise } from "../api/notes.js"
import { makeRpc, type Rpc } from "../api/rpc.js"
import { connectEvents, TerminalMux } from "../api/sockets.js"
import { obtainToken } from "../api/token.js"
import type { LichEventWire } from "../api/wire.js"
import { noteFor } from "../logic/notify.js"
import type { AppStore } from "./AppStore.js"
import { savedSelection } from "./selection-storage.js"

export class Backend {
  private rpc: Rpc | undefined
  private terminals: TerminalMux | undefined
  private closeEvents: (() => void) | undefined
  private known: string | undefined

  private readonly followers = new Set<(e: LichEventWire) => void>()
  private readonly loaders = new Set<() => void>()

  constructor(private readonly store: AppStore) {}

  /** the terminals' socket, once the token is known */
  get mux(): TerminalMux | undefined {
    return this.terminals
  }

  /** this window's token, once obtained: a host's sockets through this lich take it too */
  get token(): string | undefined {
    return this.known
  }

  async connect() {
    let token: string
    try {
      token = await obtainToken()
    } catch (e) {
      return this.store.problemFound((e as Error).message)
    }
    this.known = token
    const rpc = makeRpc(token)
    this.rpc = rpc
    // The first picture is asked for at once, not after the events socket opens: that open reloads
    // it again, so nothing published in between is missed, and the cards paint a round trip sooner.
    void this.reload()
    const mux = new TerminalMux(token)
    this.terminals = mux
    ;(window as unknown as { lich: unknown }).lich = { terminals: () => mux.attached }
    this.closeEvents = connectEvents(
      token,
      (e) => this.onEvent(e),
      () => void this.reload()
    )
  }

  disconnect() {
    this.closeEvents?.()
  }

  /** Every `/events` frame, after the window's store has taken it: how a panel with a store of its own follows lich. */
  follow(listener: (e: LichEventWire) => void): () => void {
    this.followers.add(listener)
    return () => {
      this.followers.delete(listener)
    }
  }

  /** Each load of the whole picture (start, every reconnect): a panel loads its own part of it there. */
  reloaded(listener: () => void): () => void {
    this.loaders.add(listener)
    return () => {
      this.loaders.delete(listener)
    }
  }

  /** The call every action and dialog makes: a failure is toasted with the backend's message, and answers undefined. */
  readonly call: Call = async (procedure, ...payload) => {
    try {
      if (!this.rpc) throw new Error("this window is not connected to lich yet")
      return await this.rpc(procedure, ...payload)
    } catch (e) {
      this.store.toast({ kind: "error", text: (e as Error).message, detail: "", target: "" })
      return undefined
    }
  }

  /** The same call, its refusal answered instead of toasted. */
  readonly attempt: Attempt = async (procedure, ...payload) => {
    try {
      if (!this.rpc) throw new Error("this window is not connected to lich yet")
      return { ok: true, value: await this.rpc(procedure, ...payload) }
    } catch (e) {
      return { ok: false, error: (e as Error).message }
    }
  }

  private async reload() {
    const n = this.store.beginLoad()
    for (const l of [...this.loaders]) l()
    await Promise.all([
      this.call("system.State").then((s) => {
        if (s) this.store.loaded(n, s, savedSelection)
      }),
      this.loadThemes(),
      this.call("desk.Providers").then((p) => this.store.providersLoaded(p ?? []))
    ])
    this.store.loadEnded(n)
  }

  private async loadThemes() {
    const list = await this.call("system.Themes")
    if (list) this.store.themesLoaded(list)
  }

  private onEvent(e: LichEventWire) {
    this.take(e)
    for (const f of [...this.followers]) f(e)
  }

  /** What the window itself does with an event: its store follows, and the page does what the state alone cannot. */
  private take(e: LichEventWire) {
    if (e._tag === "theme-changed") return void this.loadThemes()
    this.store.event(e)
    const cards = this.store.state.model.cards
    if (e._tag === "session-status") {
      const note = noteFor(
        e.state,
        e.reason,
        cards.find((c) => c.id === e.id),
        this.store.state.focused
      )
      if (note) raise(note, () => this.store.selectCard(e.id))
    }
  }

  /** Its PTY runs now: a terminal attached before that attaches again. */
  started(id: string) {
    this.terminals?.refresh(id)
  }
}
