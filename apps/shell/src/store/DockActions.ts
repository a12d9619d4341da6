/**
 * What the dock asks of the backend: every session's checkout on each load (`git.All`), then each
 * `session-git` and `session-review` frame; a file's two sides when it is opened, and again when its
 * session is read again (an agent's edit, a commit in a terminal) — live from the events, never by
 * polling. The review's calls (comment, edit, drop, send, ask a reviewer) and the radar's note go
 * through here too. Each answer comes back as an event every window sees; the calls only report
 * their failures (Backend.call toasts them) and what is in flight.
 */
import type { LichEventWire, SessionGitWire } from "../api/wire.js"
import type { CardMenuItem } from "../components/lich-session-card/menu.js"
import { shownCard } from "../logic/model.js"
import type { AppStore } from "./AppStore.js"
import type { Backend } from "./Backend.js"
import type { DockStore, Draft, OpenFile } from "./DockStore.js"
import type { GitStore } from "./GitStore.js"
import type { LandActions } from "./LandActions.js"

/** Where a file of `g` now is: its section still, the other one (a commit moved it), or nowhere. */
const whereNow = (g: SessionGitWire, f: OpenFile): OpenFile | undefined => {
  const inSection = (section: OpenFile["section"]) => (section === "committed" ? g.committed : g.uncommitted).some((c) => c.path === f.path)
  if (inSection(f.section)) return f
  const other = f.section === "committed" ? "uncommitted" : "committed"
  return inSection(other) ? { ...f, section: other } : undefined
}

export class DockActions {
  /** sessions whose `git.Review` was asked since the last load or toggle: asked once, not at every change */
  private readonly asked = new Set<string>()

  constructor(
    private readonly app: AppStore,
    private readonly git: GitStore,
    private readonly dock: DockStore,
    private readonly backend: Backend,
    private readonly land: LandActions
  ) {
    backend.reloaded(() => void this.load())
    backend.follow((e) => this.event(e))
    // The card shown can change with no call of ours: after a page reload the dock is open from the
    // last visit and git.All may answer before the window's picture lands (no card shown yet), so the
    // review is read when the card appears, not only when the dock is toggled.
    app.subscribe(() => this.reviewShown())
  }

  /** The shown card's review, read once while the dock is open. */
  private reviewShown() {
    if (this.dock.state.open && this.shownId !== "") void this.loadReview(this.shownId)
  }

  /** The session the dock is about: the card shown. */
  get shownId(): string {
    return shownCard(this.app.state.model)?.id ?? ""
  }

  private async load() {
    this.asked.clear()
    this.git.loading()
    const list = await this.backend.call("git.All")
    if (list) this.git.loaded(list)
    this.reviewShown()
    const f = this.dock.state.file
    if (f) void this.readDiff(f)
  }

  private event(e: LichEventWire) {
    const before = this.git.state.byId
    this.git.event(e)
    if (e._tag === "session-git" && before.get(e.git.id) !== this.git.state.byId.get(e.git.id)) this.checkoutMoved(e.git.id)
    const f = this.dock.state.file
    if (e._tag !== "session-git" || f === undefined || e.git.id !== f.id) return
    // The same read came twice (a radar republish of an older rev is dropped by the store): nothing to do.
    if (before.get(f.id) === this.git.state.byId.get(f.id)) return
    const now = whereNow(e.git, f)
    if (now === undefined) return this.dock.diffLoaded(f, undefined, `${f.path} has no changes any more`)
    if (now.section !== f.section) this.dock.openFile(now)
    void this.readDiff(now)
  }

  /** The hotkey: open or close; `id` (a card) is shown in it first when given. */
  toggle(id?: string) {
    if (id !== undefined && id !== this.shownId) return this.show(id)
    this.asked.delete(this.shownId)
    this.dock.toggle()
    this.reviewShown()
  }

  /** Opens the dock on `id`'s card. */
  show(id: string) {
    this.asked.delete(id)
    this.dock.toggle(true)
    if (id !== this.shownId) this.app.selectCard(id)
    void this.loadReview(id)
  }

  /** An item of a card's menu that is the dock's to answer: the dock on that card, and the pull request part asked for. */
  cardItem(id: string, item: CardMenuItem) {
    if (item === "refresh") return void this.backend.call("git.Refresh", { id })
    this.show(id)
    if (item === "open-pr") void this.land.draftPr(id)
    const project = this.app.state.model.cards.find((c) => c.id === id)?.projectId
    if (item === "pr-list" && project !== undefined) void this.land.listPrs(id, project)
  }

  /** A comment's lines may read differently now: its outdated mark is the backend's to say again. */
  private checkoutMoved(id: string) {
    if ((this.git.state.reviews.get(id)?.comments.length ?? 0) > 0) void this.rereadReview(id)
  }

  /**
   * `git.Review` again. A session-review frame taken while it was asked may hold a change made after
   * this answer was read (a reviewer's comments arriving): then this answer is not applied over it,
   * and it is asked once more, until an answer comes back with no frame in between.
   */
  private async rereadReview(id: string) {
    const heard = this.git.reviewsHeard(id)
    const r = await this.backend.call("git.Review", { id })
    if (r === undefined) return
    if (this.git.reviewsHeard(id) === heard) this.git.reviewLoaded(r)
    else void this.rereadReview(id)
  }

  async loadReview(id: string) {
    // Once per session until the next load or toggle: every change of the window's state passes here,
    // and a refusal is toasted, so asking again at each would repeat it.
    if (this.git.state.reviews.has(id) || this.asked.has(id)) return
    this.asked.add(id)
    const r = await this.backend.call("git.Review", { id })
    if (r && !this.git.state.reviews.has(id)) this.git.reviewLoaded(r)
  }

  /** A path of `id`'s, in whichever list holds it (the radar names paths, not sections). */
  openPath(id: string, path: string) {
    const g = this.git.state.byId.get(id)
    if (g === undefined) return
    const section = g.uncommitted.some((f) => f.path === path) ? "uncommitted" : "committed"
    this.openFile({ id, path, section })
  }

  openFile(f: OpenFile) {
    this.dock.openFile(f)
    void this.readDiff(f)
  }

  private async readDiff(f: OpenFile) {
    const d = await this.backend.call("git.Diff", { id: f.id, path: f.path, section: f.section })
    this.dock.diffLoaded(f, d, d === undefined ? `${f.path} could not be read` : "")
  }

  /** Runs `call` with its button held while it is in flight; one at a time per name. */
  private async busy<T>(name: string, call: () => Promise<T>): Promise<T | undefined> {
    if (this.dock.state.busy.has(name)) return undefined
    this.dock.working(name, true)
    try {
      return await call()
    } finally {
      this.dock.working(name, false)
    }
  }

  async saveComment(d: Draft, text: string) {
    if (text.trim() === "") return this.dock.endComment()
    const { id, path, section, side, startLine, endLine } = d
    const c = await this.busy("comment", () => this.backend.call("git.Comment", { id, path, section, side, startLine, endLine, text }))
    if (c) this.dock.endComment()
  }

  async editComment(commentId: string, text: string) {
    const c = await this.busy(`edit:${commentId}`, () => this.backend.call("git.EditComment", { commentId, text }))
    if (c) this.dock.endEdit()
  }

  async dropComment(commentId: string) {
    await this.busy(`drop:${commentId}`, () => this.backend.call("git.DropComment", { commentId }))
  }

  async sendReview(id: string) {
    await this.busy("send-review", () => this.backend.call("git.SendReview", { id }))
  }

  /** reviewer: a session id, or "" for one of another kind (opened when none is live; `kind` "" = the first installed). */
  async askReview(id: string, reviewer: string, kind: string) {
    await this.busy("ask-review", () => this.backend.call("git.AskReview", { id, reviewer, kind }))
  }

  /** The radar's one click: tells `id` that `other` changes the same files. */
  async noteOverlap(id: string, other: string) {
    const h = await this.busy(`note:${id}:${other}`, () => this.backend.call("git.NoteOverlap", { id, other }))
    if (h) this.app.toast({ kind: "info", text: `Told “${h.label}” about the overlap`, detail: `ticket ${h.ticket}`, target: id })
  }
}
