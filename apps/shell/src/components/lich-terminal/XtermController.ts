/**
 * Owns one card's xterm for as long as the card is shown: the terminal, its fit/serialize/search
 * addons, a ResizeObserver and the `/ws` attachment. Hiding the card disconnects the host and this
 * disposes all of it — a hidden card costs no rendering and no bytes; showing it again attaches anew
 * and the backend's replay ring redraws the screen.
 */
import { FitAddon } from "@xterm/addon-fit"
import { SearchAddon } from "@xterm/addon-search"
import { SerializeAddon } from "@xterm/addon-serialize"
import { Terminal } from "@xterm/xterm"
import type { ReactiveController, ReactiveControllerHost } from "lit"
import type { TerminalMux } from "../../api/sockets.js"
import { sizeToSend, terminalOptions } from "./options.js"

export class XtermController implements ReactiveController {
  term: Terminal | undefined
  search: SearchAddon | undefined
  private serializer: SerializeAddon | undefined
  private fit: FitAddon | undefined
  private observer: ResizeObserver | undefined
  private detach: (() => void) | undefined
  private lastSize: { cols: number; rows: number } | undefined

  constructor(host: ReactiveControllerHost) {
    host.addController(this)
  }

  mount(el: HTMLElement, id: string, mux: TerminalMux, theme: Record<string, string>) {
    this.dispose()
    const term = new Terminal(terminalOptions(theme))
    this.fit = new FitAddon()
    this.search = new SearchAddon()
    this.serializer = new SerializeAddon()
    for (const a of [this.fit, this.search, this.serializer]) term.loadAddon(a)
    term.open(el)
    this.term = term
    // Keystrokes and pastes (xterm wraps a paste in bracketed-paste marks when the program asked).
    term.onData((s) => mux.write(id, s))
    term.onBinary((s) =>
      mux.write(
        id,
        Uint8Array.from(s, (ch) => ch.charCodeAt(0) & 0xff)
      )
    )
    term.onResize(({ cols, rows }) => this.report(id, mux, cols, rows))
    // xterm's write callback says when the bytes are drawn: the mux's back-pressure (api/sockets.ts).
    this.detach = mux.attach(id, { data: (b, drawn) => term.write(b, drawn), reset: () => term.reset() })
    this.refit(id, mux)
    this.observer = new ResizeObserver(() => this.refit(id, mux))
    this.observer.observe(el)
  }

  private refit(id: string, mux: TerminalMux) {
    const term = this.term
    if (!term || !this.fit) return
    try {
      this.fit.fit()
    } catch {
      return // not laid out yet; the observer calls again once it is
    }
    this.report(id, mux, term.cols, term.rows)
  }

  private report(id: string, mux: TerminalMux, cols: number, rows: number) {
    const size = sizeToSend(cols, rows, this.lastSize)
    if (!size) return
    this.lastSize = size
    mux.resize(id, size.cols, size.rows)
  }

  /** Off: xterm sends nothing for keys or pastes (the screen stays, selectable). */
  setInput(on: boolean) {
    if (this.term) this.term.options.disableStdin = !on
  }

  setTheme(theme: Record<string, string>) {
    if (this.term) this.term.options.theme = theme
  }

  /** The screen as text with its escapes: what a snapshot or a test reads. */
  serialize(): string {
    return this.serializer?.serialize() ?? ""
  }

  hostConnected() {}

  hostDisconnected() {
    this.dispose()
  }

  dispose() {
    this.observer?.disconnect()
    this.detach?.()
    this.term?.dispose()
    this.observer = undefined
    this.detach = undefined
    this.term = undefined
    this.fit = this.search = this.serializer = undefined
    this.lastSize = undefined
  }
}
