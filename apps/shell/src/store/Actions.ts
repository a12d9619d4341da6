/**
 * What a person does in the window, as calls: open a project, a session, a worktree; close (with the
 * worktree question, or undoable for 10 s); resume from History; rename; start a card's PTY; run a
 * palette item or a hotkey. Each goes through the same RPCs the CLI uses, changes the store only
 * through its named actions, and comes back as the events every window sees.
 */
import type { PayloadOf, SuccessOf } from "@lich/contract"
import type { CloseAnswer } from "../components/lich-close-dialog/lich-close-dialog.js"
import type { CardAction } from "../components/lich-session-card/lich-session-card.js"
import type { CardMenuItem } from "../components/lich-session-card/menu.js"
import { openWorktreePayload, type WorktreeForm } from "../components/lich-worktree-dialog/view.js"
import type { HotAction } from "../logic/hotkeys.js"
import { type Card, type Project, shownCard } from "../logic/model.js"
import type { AppStore } from "./AppStore.js"
import type { Backend } from "./Backend.js"
import { isLastInWorktree, type Overlay } from "./overlay.js"
import { closePayload, openPayload, renamePayload } from "./payloads.js"

/** What an open or a resume answers: the session is there, its PTY may have failed to start. */
type Started = SuccessOf<"spawn.Open"> | SuccessOf<"desk.Resume">

/** The dialogs a palette action or a hotkey opens as they are. */
const DIALOGS = ["worktree", "open-project", "settings", "help", "timeline"] as const satisfies ReadonlyArray<Overlay["kind"]>
const isDialog = (name: string): name is (typeof DIALOGS)[number] => (DIALOGS as ReadonlyArray<string>).includes(name)

export class Actions {
  /** spawn.Start asked and not answered yet: one request per card */
  private readonly asking = new Set<string>()

  constructor(
    private readonly store: AppStore,
    private readonly backend: Backend,
    /** the dock's own actions: its hotkey and a card's menu open it */
    private readonly dock: { toggle(id?: string): void; cardItem(id: string, item: CardMenuItem): void }
  ) {}

  private get project(): Project | undefined {
    const m = this.store.state.model
    return m.projects.find((p) => p.id === m.activeProject)
  }

  private providerRung(kind: string): string | undefined {
    return this.store.state.providers.find((p) => p.id === kind)?.rung
  }

  async openProject(path: string) {
    const p = await this.backend.call("desk.OpenProject", { path })
    if (p) this.store.openedProject(p.id)
  }

  /** A start answered: its error toasted, its terminal attached again, its card selected once it is there. */
  private started(id: string, r: Started) {
    if (r.startError !== "") this.store.toast({ kind: "error", text: r.startError, detail: "", target: "" })
    this.backend.started(id)
    this.store.selectWhenOpened(id)
  }

  /** spawn.Open with the card held at "Starting…" until the PTY runs: keys typed before it would be lost. */
  private async open(payload: PayloadOf<"spawn.Open">) {
    this.store.opening(1)
    try {
      return await this.backend.call("spawn.Open", payload)
    } finally {
      this.store.opening(-1)
    }
  }

  /** A kind whose sandbox rung is Ask is asked about first; `confine` is the person's answer. */
  async newSession(kind: string, confine?: boolean) {
    const project = this.project
    if (!project) return
    if (confine === undefined && this.providerRung(kind) === "ask") return this.store.openOverlay({ kind: "ask", provider: kind })
    this.store.closeOverlay()
    const r = await this.open(openPayload(project, kind, confine))
    if (r) this.started(r.session.id, r)
  }

  async newWorktree(f: WorktreeForm) {
    const project = this.project
    if (!project) return
    const r = await this.open(openWorktreePayload(project.path, f, this.providerRung(f.kind) === "ask"))
    if (!r) return // the dialog stays, with what was typed, so the refusal can be acted on
    this.store.closeOverlay()
    this.started(r.session.id, r)
  }

  /** A worktree's last card asks keep or remove; any other close is done at once and undoable. */
  async close(card: Card) {
    if (isLastInWorktree(card, this.store.state.model.cards)) {
      const d = await this.backend.call("desk.Dirty", { target: card.id })
      return this.store.openOverlay({ kind: "close", card, path: d?.path ?? card.path, files: d?.files ?? [] })
    }
    const r = await this.backend.call("spawn.Close", closePayload(card))
    if (r)
      this.store.toast({
        kind: "undo",
        text: `Closed “${card.label}”`,
        detail: "Its conversation is kept: Undo reopens it.",
        target: card.id
      })
  }

  /** The close of `id`'s card, as its × does (the dock offers it after a merge). */
  closeById(id: string) {
    const card = this.store.state.model.cards.find((c) => c.id === id)
    if (card) void this.close(card)
  }

  async answerClose(card: Card, a: CloseAnswer) {
    const r = await this.backend.call("spawn.Close", { ...closePayload(card), worktree: a.worktree, force: a.force })
    if (r) this.store.closeOverlay()
  }

  async resume(id: string) {
    this.store.closeOverlay()
    this.store.opening(1)
    const r = await this.backend.call("desk.Resume", { id }).finally(() => this.store.opening(-1))
    if (r) this.started(id, r)
  }

  async closeProject(id: string) {
    await this.backend.call("desk.CloseProject", { id })
  }

  /** Starts the PTY of a card that has none; the card is marked, so it is never started again unasked. */
  startCard(id: string) {
    if (this.asking.has(id)) return
    this.asking.add(id)
    this.store.startAsked(id)
    void this.backend.call("spawn.Start", { from: "", target: id }).then((r) => {
      this.asking.delete(id)
      if (!r) return
      if (r.startError !== "") return this.store.toast({ kind: "error", text: r.startError, detail: "", target: "" })
      this.store.startedCard(id)
    })
  }

  /** What a card asked for: selected, closed, its name field or its menu opened or answered. */
  card(a: CardAction) {
    const card = this.store.state.model.cards.find((c) => c.id === a.id)
    if (!card) return
    this.store.cardMenu(a.kind === "menu" && a.open ? a.id : "")
    if (a.kind === "select") this.store.selectCard(a.id)
    if (a.kind === "item") this.dock.cardItem(a.id, a.item)
    if (a.kind === "close") void this.close(card)
    if (a.kind === "rename-start") this.store.startRename(a.id)
    if (a.kind !== "rename-end") return
    this.store.endRename()
    if (a.label !== "") void this.backend.call("spawn.Rename", renamePayload(card, a.label))
  }

  /** The palette's History and reopenable projects, fresh each time it opens. */
  async openPalette() {
    this.store.openOverlay({ kind: "palette", tab: "All" })
    const [parked, recent] = await Promise.all([this.backend.call("desk.History", { project: "" }), this.backend.call("desk.Recent")])
    this.store.historyLoaded(parked ?? [], recent ?? [])
  }

  /** A palette item's key: "session:<id>", "project:<id>", "reopen:<path>", "resume:<id>", "action:<name>". */
  run(key: string) {
    const at = key.indexOf(":")
    const [what, arg] = [key.slice(0, at), key.slice(at + 1)]
    if (what !== "action" || !arg.startsWith("new:")) this.store.closeOverlay()
    if (what === "session") this.store.selectCard(arg)
    if (what === "project") this.store.showProject(arg)
    if (what === "reopen") void this.openProject(arg)
    if (what === "resume") void this.resume(arg)
    if (what !== "action") return
    if (arg.startsWith("new:")) return void this.newSession(arg.slice(4))
    if (arg === "close-project") return void this.closeProject(this.store.state.model.activeProject)
    if (isDialog(arg)) this.store.openOverlay({ kind: arg })
  }

  /** What each hotkey does: the same things the menu, the palette and the cards do. */
  hotkey(a: HotAction) {
    const { overlay, model } = this.store.state
    const shown = shownCard(model)
    if (a === "palette") return overlay?.kind === "palette" ? this.store.closeOverlay() : void this.openPalette()
    // Over a dialog only the keys that open another dialog act.
    if (overlay && a !== "help" && a !== "settings" && a !== "open-project") return
    const go: Record<HotAction, () => void> = {
      palette: () => {},
      settings: () => this.store.openOverlay({ kind: "settings" }),
      "open-project": () => this.store.openOverlay({ kind: "open-project" }),
      help: () => this.store.openOverlay({ kind: "help" }),
      timeline: () => model.activeProject !== "" && this.store.openOverlay({ kind: "timeline" }),
      // The menu is drawn only over a project that has a directory.
      "new-session": () => this.project?.path && this.store.menu(true),
      "new-worktree": () => model.activeProject !== "" && this.store.openOverlay({ kind: "worktree" }),
      rename: () => shown && this.store.startRename(shown.id),
      close: () => shown && void this.close(shown),
      "next-session": () => this.store.stepSession(1),
      "prev-session": () => this.store.stepSession(-1),
      "next-project": () => this.store.stepProject(1),
      "prev-project": () => this.store.stepProject(-1),
      "focus-terminal": () => this.store.focusTerminal(),
      dock: () => this.dock.toggle()
    }
    go[a]()
  }
}
