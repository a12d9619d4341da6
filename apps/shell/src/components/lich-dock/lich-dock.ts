/**
 * The dock: a panel right of the terminal about the shown session's checkout — its base standing,
 * the conflict radar, the files changed uncommitted and committed on the branch, the review, and a
 * file's diff under them. A chunk of its own, loaded when it is first opened; the diff editor is
 * another, loaded when the first file is. It reads GitStore (the backend's reads, which the cards
 * read too) and DockStore (its own state), and answers what a person does in it, and in the diff's
 * notes, with DockActions' calls. Its left edge drags to resize; the width is remembered.
 */
import type { DiffSection } from "@lich/contract"
import { html, LitElement, nothing } from "lit"
import type { Provider, ReviewCommentWire } from "../../api/wire.js"
import { sourceLine, standingFigure } from "../../logic/gitFigures.js"
import type { Card } from "../../logic/model.js"
import { syntaxVariables } from "../../logic/syntax.js"
import type { DockActions } from "../../store/DockActions.js"
import type { DockState, DockStore } from "../../store/DockStore.js"
import type { GitState, GitStore } from "../../store/GitStore.js"
import type { LandActions } from "../../store/LandActions.js"
import type { LandState, LandStore } from "../../store/LandStore.js"
import { StoreController } from "../../store/StoreController.js"
import { diffPane } from "./diff-pane.js"
import { filesView } from "./files-view.js"
import { landPart } from "./land-part.js"
import { styles } from "./lich-dock.styles.js"
import { radarView } from "./radar-view.js"
import { askedOf, reviewerChoices, reviewView } from "./review-view.js"

/** 260 px: what the terminal keeps beside the dock at the least (a 30-column shell still reads). */
const TERMINAL_MIN = 260

export class LichDock extends LitElement {
  static override styles = styles
  static override properties = {
    card: { attribute: false },
    cards: { attribute: false },
    providers: { attribute: false },
    termTheme: { attribute: false },
    dark: { attribute: false },
    gitStore: { attribute: false },
    dockStore: { attribute: false },
    actions: { attribute: false },
    landStore: { attribute: false },
    landActions: { attribute: false }
  }
  declare card: Card | undefined
  /** the open cards, for the reviewers to pick from */
  declare cards: ReadonlyArray<Card>
  declare providers: ReadonlyArray<Provider>
  declare termTheme: Readonly<Record<string, string>>
  declare dark: boolean
  /** handed once by lich-app: the stores it reads and the calls it makes */
  declare gitStore: GitStore
  declare dockStore: DockStore
  declare actions: DockActions
  declare landStore: LandStore
  declare landActions: LandActions
  private gitC: StoreController<GitState> | undefined
  private dockC: StoreController<DockState> | undefined
  private landC: StoreController<LandState> | undefined
  private diffCode: Promise<unknown> | undefined

  constructor() {
    super()
    this.card = undefined
    this.cards = []
    this.providers = []
    this.termTheme = {}
    this.dark = false
  }

  override willUpdate() {
    this.gitC ??= new StoreController(this, this.gitStore)
    this.dockC ??= new StoreController(this, this.dockStore)
    this.landC ??= new StoreController(this, this.landStore)
    // What was asked or confirmed about one session is never carried over to the next one shown.
    this.landStore.about(this.card?.id ?? "")
    // The diff's code (CodeMirror) loads with the first file opened, from a row or anywhere else.
    if (this.dockStore.state.file !== undefined) this.diffCode ??= import("../lich-diff/lich-diff.js")
  }

  private get dock() {
    return this.dockStore
  }

  /**
   * Once the dock is on screen and the page has nothing else to do, the diff's code is fetched and
   * run, so the first file opened costs what a later one does (a load's first 5,000-line diff took
   * ~340 ms, a later one ~210 ms, at load 5–8: bench/dock.mjs). Idle, so the dock's own first paint
   * never waits for it.
   */
  override firstUpdated() {
    const load = () => {
      this.diffCode ??= import("../lich-diff/lich-diff.js")
    }
    if ("requestIdleCallback" in window) requestIdleCallback(load, { timeout: 3000 })
    else setTimeout(load, 500)
  }

  private readonly pickFile = (path: string, section: DiffSection) => {
    const id = this.card?.id
    if (id === undefined) return
    this.actions.openFile({ id, path, section })
  }

  private readonly openComment = (c: ReviewCommentWire) => this.pickFile(c.path, c.section)

  private seamDown = (e: PointerEvent) => {
    const seam = e.currentTarget as HTMLElement
    seam.setPointerCapture(e.pointerId)
    const right = this.getBoundingClientRect().right
    const sidebar = this.parentElement?.firstElementChild?.getBoundingClientRect().width ?? 280
    const move = (m: PointerEvent) => this.dock.resize(right - m.clientX, window.innerWidth - sidebar - TERMINAL_MIN)
    const up = () => {
      seam.removeEventListener("pointermove", move)
      seam.removeEventListener("pointerup", up)
    }
    seam.addEventListener("pointermove", move)
    seam.addEventListener("pointerup", up)
  }

  private header(title: string) {
    return html`<header>
      <span class="title">Changes</span><span class="label">${title}</span>
      ${this.card ? html`<button class="icon" title="Read the checkout again" aria-label="refresh" @click=${() => this.actions.cardItem(this.card!.id, "refresh")}>⟳</button>` : nothing}
      <button class="icon" title="Close the dock (Ctrl+Shift+D)" aria-label="close dock" @click=${() => this.actions.toggle()}>×</button>
    </header>`
  }

  private body() {
    const card = this.card
    if (card === undefined) return html`<div class="empty pad">No session is shown.</div>`
    const g = this.gitC!.value.byId.get(card.id)
    if (g === undefined) return html`<div class="empty pad">Reading the checkout…</div>`
    if (!g.repository)
      return html`<div class="empty pad">“${card.label}” does not run in a git repository: there are no changes to show.</div>`
    const d = this.dockC!.value
    const review = this.gitC!.value.reviews.get(card.id)
    const comments = review?.comments ?? []
    const standing = standingFigure(g)
    const file = d.file?.id === card.id ? d.file : undefined
    const choices = reviewerChoices(
      card,
      this.cards,
      this.providers.filter((p) => p.path !== "")
    )
    return html`<div class="summary" title=${sourceLine(g.read)}>
        <span class="branch">⎇ ${g.branch || "detached HEAD"}</span>${g.base !== "HEAD" ? html`<span class="base">→ ${g.base}</span>` : nothing}
        ${standing ? html`<span class="fig ${standing.tone}" data-fig=${standing.key} title=${standing.title}>${standing.text}</span>` : nothing}
        ${g.read.stale ? html`<span class="stale" title=${sourceLine(g.read)}>stale</span>` : nothing}
      </div>
      <div class="lists ${file ? "short" : ""}">
        ${radarView(
          g,
          card.label,
          d.busy,
          (id, other) => void this.actions.noteOverlap(id, other),
          (p) => this.actions.openPath(card.id, p)
        )}
        ${filesView(g, file, comments, this.pickFile)}
        ${reviewView(review, choices, d.reviewer, d.busy, {
          open: this.openComment,
          send: () => void this.actions.sendReview(card.id),
          ask: () => {
            const a = askedOf(d.reviewer)
            void this.actions.askReview(card.id, a.reviewer, a.kind)
          },
          pickReviewer: (v) => this.dock.pickReviewer(v)
        })}
        ${landPart(card, g, this.gitC!.value.gh, this.landC!.value, this.providers, this.landStore, this.landActions)}
      </div>
      ${file ? diffPane(d, file, comments, this.dark, this.dock, this.actions) : nothing}`
  }

  override render() {
    return html`<div class="seam" title="Drag to resize" @pointerdown=${this.seamDown}></div>
      <div class="dock" style=${syntaxVariables(this.termTheme)}>${this.header(this.card?.label ?? "")}${this.body()}</div>`
  }
}

customElements.define("lich-dock", LichDock)

declare global {
  interface HTMLElementTagNameMap {
    "lich-dock": LichDock
  }
}
