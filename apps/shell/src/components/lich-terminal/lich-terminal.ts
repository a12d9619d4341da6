/**
 * A card's terminal. Created when the card is shown and destroyed when it is hidden (the controller
 * owns the lifecycle). Ctrl+Shift+F opens find-in-scrollback. `offline` (a host's link is down)
 * keeps the last screen, says why over it and takes no keys: typed now, they would be dropped, or
 * land later in whatever the program shows by then.
 */
import { html, LitElement, nothing, type PropertyValues } from "lit"
import type { TerminalMux } from "../../api/sockets.js"
import { styles } from "./lich-terminal.styles.js"
import { FONT_LOADS } from "./options.js"
import { XtermController } from "./XtermController.js"

/** Once per page: xterm measures its cell on the first open, so the shipped font must be in by then. */
let fontsReady: Promise<unknown> | undefined
const whenFontsReady = () =>
  (fontsReady ??= Promise.all(FONT_LOADS.map(([font, text]) => document.fonts.load(font, text))).catch(() => undefined))

/** The element that has the keyboard, looked for through the shadow roots it sits in. */
const deepActive = (): Element | null => {
  let a = document.activeElement
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement
  return a
}

/**
 * A field outside this terminal has the keyboard. The terminal mounts once its code and fonts are in
 * — after the window is up — and a dialog opened meanwhile (Settings at once, say) must keep what is
 * being typed into it: taking the focus then sent the rest of a host's name to the shell behind.
 */
const typingElsewhere = (mine: Node): boolean => {
  const a = deepActive()
  return (a instanceof HTMLInputElement || a instanceof HTMLTextAreaElement || a instanceof HTMLSelectElement) && a.getRootNode() !== mine
}

export class LichTerminal extends LitElement {
  static override styles = styles
  static override properties = {
    sessionId: { attribute: "session-id", reflect: true },
    mux: { attribute: false },
    theme: { attribute: false },
    focusTick: { attribute: false },
    live: { type: Boolean },
    offline: { attribute: false },
    searching: { state: true }
  }
  declare sessionId: string
  declare mux: TerminalMux
  declare theme: Record<string, string>
  declare focusTick: number
  declare live: boolean
  /** why this terminal cannot be reached now, "" while it can */
  declare offline: string
  declare searching: boolean
  readonly xterm = new XtermController(this)

  constructor() {
    super()
    this.theme = {}
    this.focusTick = 0
    this.live = true
    this.offline = ""
    this.searching = false
  }

  override connectedCallback() {
    super.connectedCallback()
    // A host moved in the DOM is disconnected and reconnected: mount again after the controller disposed.
    if (this.hasUpdated) void whenFontsReady().then(() => this.isConnected && this.mountTerminal())
  }

  private mountTerminal() {
    const el = this.renderRoot.querySelector<HTMLElement>(".host")
    if (!el || !this.mux) return
    this.xterm.mount(el, this.sessionId, this.mux, this.theme)
    this.xterm.term?.attachCustomKeyEventHandler((e) => {
      if (e.type === "keydown" && e.ctrlKey && e.shiftKey && e.key.toLowerCase() === "f") {
        this.searching = true
        return false
      }
      return true
    })
    this.xterm.setInput(this.offline === "")
    if (!typingElsewhere(this.renderRoot)) this.xterm.term?.focus()
  }

  override firstUpdated() {
    void whenFontsReady().then(() => {
      if (this.isConnected && !this.xterm.term) this.mountTerminal()
    })
  }

  override updated(changed: PropertyValues<this>) {
    if (changed.has("offline")) this.xterm.setInput(this.offline === "")
    if (changed.has("theme") && changed.get("theme") !== undefined) this.xterm.setTheme(this.theme)
    if (changed.has("focusTick") && changed.get("focusTick") !== undefined) this.xterm.term?.focus()
    if (changed.has("searching") && this.searching) this.renderRoot.querySelector<HTMLInputElement>(".search input")?.focus()
  }

  private onSearchKey(e: KeyboardEvent) {
    const input = e.target as HTMLInputElement
    if (e.key === "Enter") this.xterm.search?.findNext(input.value, { caseSensitive: false })
    if (e.key === "Escape") {
      this.searching = false
      this.xterm.search?.clearDecorations()
      this.xterm.term?.focus()
    }
  }

  override render() {
    return html`${
      this.searching
        ? html`<div class="search"><input placeholder="Find in scrollback" aria-label="find" @keydown=${this.onSearchKey}></div>`
        : nothing
    }
      <div class="host"></div>
      ${this.offline ? html`<div class="exited offline" role="status">${this.offline}</div>` : this.live ? nothing : html`<div class="exited">The process in this session has ended.</div>`}`
  }
}

customElements.define("lich-terminal", LichTerminal)

declare global {
  interface HTMLElementTagNameMap {
    "lich-terminal": LichTerminal
  }
}
