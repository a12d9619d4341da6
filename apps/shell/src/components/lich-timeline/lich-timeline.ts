/**
 * The relay timeline of the shown project: one lane per session, an arrow per errand from its
 * sender to its target, in its outcome's colour, live as records change. Hover an errand for its
 * steps and how long each took; click it for its prompt's and answer's heads and its spend, with a
 * button to open either card. Filters by session and outcome; zooms from minutes to days. The
 * drawing is logic/timeline.ts, one SVG string; this element holds the view and reads the clicks.
 */
import type { ErrandRecord } from "@lich/contract"
import { html, LitElement, nothing } from "lit"
import { unsafeHTML } from "lit/directives/unsafe-html.js"
import type { Call } from "../../api/call.js"
import {
  countsOf,
  duration,
  FIT,
  fitSpan,
  hit,
  LABEL_W,
  type Layout,
  layout,
  SPANS,
  senderName,
  spendLine,
  stepLines,
  timelineSvg,
  visible
} from "../../logic/timeline.js"
import { StoreController } from "../../store/StoreController.js"
import type { TimelineStore } from "../../store/TimelineStore.js"
import { dismissEvent } from "../dialog.styles.js"
import { styles } from "./lich-timeline.styles.js"

const STATUSES = ["open", "answered", "unanswered", "unread", "undelivered", "stopped", "expired"]

export class LichTimeline extends LitElement {
  static override styles = styles
  static override properties = {
    store: { attribute: false },
    call: { attribute: false },
    projectId: { attribute: false },
    projectName: { attribute: false },
    cards: { attribute: false },
    spanMs: { state: true },
    session: { state: true },
    status: { state: true },
    selected: { state: true },
    hovered: { state: true },
    now: { state: true },
    canvasWidth: { state: true }
  }
  declare store: TimelineStore
  declare call: Call
  declare projectId: string
  declare projectName: string
  /** the cards that are open, by id: a jump is offered only to one of them */
  declare cards: ReadonlySet<string>
  declare spanMs: number
  declare session: string
  declare status: string
  declare selected: string
  declare hovered: { readonly ticket: string; readonly x: number; readonly y: number } | undefined
  declare now: number
  /** the drawing area's width, followed as the window resizes */
  declare canvasWidth: number
  private resize: ResizeObserver | undefined
  /** what the last render drew: the pointer is read against it */
  private drawn: Layout | undefined
  private controller: StoreController<TimelineStore["state"], ReadonlyMap<string, ErrandRecord>> | undefined
  private tick: ReturnType<typeof setInterval> | undefined
  private started = 0

  constructor() {
    super()
    this.projectId = ""
    this.projectName = ""
    this.cards = new Set()
    this.spanMs = FIT
    this.canvasWidth = 900
    this.session = ""
    this.status = ""
    this.selected = ""
    this.hovered = undefined
    this.now = Date.now()
  }

  override connectedCallback() {
    super.connectedCallback()
    this.controller ??= new StoreController(this, this.store, (s) => s.byTicket)
    void this.load()
    // Open errands grow toward now: the right edge moves once a second.
    this.tick = setInterval(() => (this.now = Date.now()), 1_000)
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    clearInterval(this.tick)
    this.resize?.disconnect()
  }

  override firstUpdated() {
    this.renderRoot.querySelector<HTMLElement>(".panel")?.focus()
    const canvas = this.renderRoot.querySelector<HTMLElement>(".canvas")
    if (!canvas) return
    this.resize = new ResizeObserver(() => (this.canvasWidth = canvas.clientWidth))
    this.resize.observe(canvas)
  }

  private async load() {
    const list = await this.call("relay.Errands", { from: "", project: this.projectId, session: "", sinceMs: 0, limit: 0 })
    if (list) this.store.loaded(list.records as ReadonlyArray<ErrandRecord>)
  }

  private records(): Array<ErrandRecord> {
    return [...this.store.state.byTicket.values()].filter((r) => r.projectId === this.projectId)
  }

  override willUpdate() {
    this.started = performance.now()
  }

  override updated() {
    // How long the last drawing took, for the browser test and bench/ (timeline-render).
    this.dataset.renderMs = (performance.now() - this.started).toFixed(1)
    this.dataset.shown = String(this.drawn?.bars.length ?? 0)
    this.dataset.counts = this.drawn ? countsOf(this.drawn) : ""
  }

  /** The pointer's place on the drawing, and the errand drawn there. */
  private pick(e: MouseEvent) {
    const canvas = e.currentTarget as HTMLElement
    const box = canvas.getBoundingClientRect()
    const at = { x: e.clientX - box.left + canvas.scrollLeft, y: e.clientY - box.top + canvas.scrollTop }
    const svg = canvas.querySelector("svg")?.getBoundingClientRect()
    const b = this.drawn && svg ? hit(this.drawn, e.clientX - svg.left, e.clientY - svg.top) : undefined
    return { at, ticket: b?.r.ticket }
  }

  private readonly onHover = (e: MouseEvent) => {
    const { at, ticket } = this.pick(e)
    if (ticket === undefined && this.hovered === undefined) return
    this.hovered = ticket === undefined ? undefined : { ticket, ...at }
  }

  private readonly onClick = (e: MouseEvent) => {
    this.selected = this.pick(e).ticket ?? ""
  }

  /** Where `ticket`'s bar is on screen (its middle): how a test or a person's script points at one. */
  boxOf(ticket: string): { readonly x: number; readonly y: number } | undefined {
    const b = this.drawn?.bars.find((x) => x.r.ticket === ticket)
    const svg = this.renderRoot.querySelector("svg")?.getBoundingClientRect()
    return b && svg ? { x: svg.left + (b.x0 + Math.min(b.x1, b.x0 + 6)) / 2, y: svg.top + b.y + 2 } : undefined
  }

  /** The tickets drawn, oldest first, with their outcomes. */
  shownErrands(): ReadonlyArray<{ readonly ticket: string; readonly status: string }> {
    return this.drawn?.bars.map((b) => ({ ticket: b.r.ticket, status: b.r.status })) ?? []
  }

  /** Beside the pointer, on the side with room. */
  private tipAt(h: { readonly x: number; readonly y: number }) {
    return h.x > this.canvasWidth / 2 ? `right:${this.canvasWidth - h.x + 12}px;top:${h.y + 12}px` : `left:${h.x + 12}px;top:${h.y + 12}px`
  }

  private jump(id: string) {
    this.dispatchEvent(new CustomEvent("lich-jump", { detail: { id }, bubbles: true, composed: true }))
  }

  private toolbar(all: ReadonlyArray<ErrandRecord>) {
    const sessions = new Map<string, string>()
    for (const r of all) {
      if (r.via === "session") sessions.set(r.senderId, r.senderLabel)
      sessions.set(r.targetId, r.targetLabel)
    }
    return html`<header>
      <h2>Relay timeline <span class="muted">${this.projectName}</span></h2>
      <select aria-label="Session" @change=${(e: Event) => (this.session = (e.target as HTMLSelectElement).value)}>
        <option value="">every session</option>
        ${[...sessions].map(([id, label]) => html`<option value=${id} ?selected=${id === this.session}>${label}</option>`)}
      </select>
      <select aria-label="Outcome" @change=${(e: Event) => (this.status = (e.target as HTMLSelectElement).value)}>
        <option value="">every outcome</option>
        ${STATUSES.map((s) => html`<option value=${s} ?selected=${s === this.status}>${s}</option>`)}
      </select>
      <span class="zoom" role="group" aria-label="Zoom">${SPANS.map(
        (s) => html`<button aria-pressed=${s.ms === this.spanMs} @click=${() => (this.spanMs = s.ms)}>${s.label}</button>`
      )}</span>
      <button class="icon" aria-label="Close" @click=${() => this.dispatchEvent(dismissEvent())}>✕</button>
    </header>`
  }

  private detail(r: ErrandRecord) {
    const took = r.endedAt > 0 ? duration(r.endedAt - r.createdAt) : `${duration(this.now - r.createdAt)} so far`
    const card = (id: string, label: string) =>
      this.cards.has(id)
        ? html`<button @click=${() => this.jump(id)}>Open ${label}</button>`
        : html`<span class="muted">${label} is closed</span>`
    return html`<aside class="detail" aria-label="Errand ${r.ticket}">
      <div class="title"><span class="dot s-${r.status}"></span><b>${r.status}</b> · ${r.ticket} · ${took}</div>
      <div>${senderName(r)} → ${r.targetLabel}</div>
      <div class="head">${r.private ? `private: ${r.promptBytes} bytes` : r.promptHead}</div>
      ${r.answerBytes > 0 ? html`<div class="head answer">${r.private ? `${r.answerBytes} bytes` : r.answerHead}</div>` : nothing}
      <div class="muted">${spendLine(r)}</div>
      <ol>${stepLines(r).map((l) => html`<li>${l}</li>`)}</ol>
      <div class="jumps">${r.via === "session" ? card(r.senderId, r.senderLabel) : nothing} ${card(r.targetId, r.targetLabel)}</div>
    </aside>`
  }

  override render() {
    const all = this.records()
    // The canvas's padding and a scrollbar's room: the drawing never scrolls sideways.
    const width = Math.max(200, this.canvasWidth - LABEL_W - 40)
    const spanMs = this.spanMs === FIT ? fitSpan(all, this.now) : this.spanMs
    const view = { end: this.now, spanMs, width, session: this.session, status: this.status }
    const shown = visible(all, view)
    this.drawn = layout(shown, view)
    const drawing = timelineSvg(this.drawn, view, this.selected)
    const sel = this.store.state.byTicket.get(this.selected)
    const hov = this.hovered && this.store.state.byTicket.get(this.hovered.ticket)
    const open = all.filter((r) => r.status === "open").length
    return html`<div class="panel" role="dialog" aria-label="Relay timeline" tabindex="0"
        @keydown=${(e: KeyboardEvent) => e.key === "Escape" && this.dispatchEvent(dismissEvent())}>
      ${this.toolbar(all)}
      <div class="summary">${all.length} errands in this project, ${open} open; ${shown.length} in view.</div>
      <div class="main">
        <div class="canvas" @mousemove=${this.onHover} @mouseleave=${() => (this.hovered = undefined)} @click=${this.onClick}>
          ${all.length === 0 ? html`<div class="empty">No errand has gone out in this project yet.</div>` : unsafeHTML(drawing)}
          ${
            hov
              ? html`<div class="tip" style=${this.tipAt(this.hovered!)}>
                <b>${senderName(hov)} → ${hov.targetLabel}</b> · ${hov.status}${stepLines(hov).map((l) => html`<div>${l}</div>`)}</div>`
              : nothing
          }
        </div>
        ${sel ? this.detail(sel) : html`<aside class="detail muted">Click an errand for its prompt, answer and spend.</aside>`}
      </div>
    </div>`
  }
}

customElements.define("lich-timeline", LichTimeline)

declare global {
  interface HTMLElementTagNameMap {
    "lich-timeline": LichTimeline
  }
}
