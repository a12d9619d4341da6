/**
 * What a person does in the window, as calls: open a project, a session, a worktree; close (with
 * the worktree question, or undoable for 10 s); resume from History; run a palette item. Each goes
 * through the same RPCs the CLI uses and comes back as the events every window sees.
 */
import type { Call } from "../../api/call.js"
import { type Card, type Model, type Project, selectCard } from "../../logic/model.js"
import type { CloseAnswer } from "../lich-close-dialog/lich-close-dialog.js"
import type { ProviderJson } from "../lich-new-menu/view.js"
import type { AnyToast } from "../lich-toasts/lich-toasts.js"
import { openWorktreePayload, type WorktreeForm } from "../lich-worktree-dialog/view.js"
import { isLastInWorktree, type Overlay } from "./overlay.js"
import { closePayload, openPayload } from "./view.js"

export interface ActionHost {
  readonly call: Call
  model: Model
  overlay: Overlay | undefined
  readonly providers: ReadonlyArray<ProviderJson>
  toast(t: AnyToast): void
  /** select this card as soon as its session-opened has arrived */
  selectWhenOpened(id: string): void
  /** its PTY runs now: a terminal attached before that attaches again */
  started(id: string): void
  /** an open from this window is in flight (+1) or answered (-1): its card waits for the PTY */
  opening(by: 1 | -1): void
}

type Opened = { session: { id: string }; startError: string }

export class Actions {
  constructor(private readonly host: ActionHost) {}

  private get project(): Project | undefined {
    return this.host.model.projects.find((p) => p.id === this.host.model.activeProject)
  }

  async openProject(path: string) {
    const p = await this.host.call<{ id: string }>("desk.OpenProject", { path })
    if (!p) return
    this.host.overlay = undefined
    // project-opened may have arrived already, or arrives next; either way this tab is the one asked for.
    this.host.model = { ...this.host.model, activeProject: p.id }
    this.pendingTab = p.id
  }
  pendingTab = ""

  private async opened(r: Opened | undefined) {
    if (!r) return
    if (r.startError !== "") this.host.toast({ kind: "error", text: r.startError, detail: "", target: "" })
    this.host.started(r.session.id)
    this.host.selectWhenOpened(r.session.id)
  }

  /** spawn.Open with the card held at "Starting…" until the PTY runs: keys typed before it would be lost. */
  private async open(payload: Record<string, unknown>) {
    this.host.opening(1)
    try {
      return await this.host.call<Opened>("spawn.Open", payload)
    } finally {
      this.host.opening(-1)
    }
  }

  /** A kind whose sandbox rung is Ask is asked about first; `confine` is the person's answer. */
  async newSession(kind: string, confine?: boolean) {
    const project = this.project
    if (!project) return
    if (confine === undefined && this.host.providers.find((p) => p.id === kind)?.rung === "ask") {
      this.host.overlay = { kind: "ask", provider: kind }
      return
    }
    this.host.overlay = undefined
    await this.opened(await this.open(openPayload(project, kind, confine)))
  }

  async newWorktree(f: WorktreeForm) {
    const project = this.project
    if (!project) return
    const r = await this.open(openWorktreePayload(project.path, f, this.host.providers.find((p) => p.id === f.kind)?.rung === "ask"))
    if (!r) return // the dialog stays, with what was typed, so the refusal can be acted on
    this.host.overlay = undefined
    await this.opened(r)
  }

  /** A worktree's last card asks keep or remove; any other close is done at once and undoable. */
  async close(card: Card) {
    if (isLastInWorktree(card, this.host.model.cards)) {
      const d = await this.host.call<{ path: string; files: ReadonlyArray<string> }>("desk.Dirty", { target: card.id })
      this.host.overlay = { kind: "close", card, path: d?.path ?? card.path, files: d?.files ?? [] }
      return
    }
    const r = await this.host.call("spawn.Close", closePayload(card))
    if (r)
      this.host.toast({
        kind: "undo",
        text: `Closed “${card.label}”`,
        detail: "Its conversation is kept: Undo reopens it.",
        target: card.id
      })
  }

  async answerClose(card: Card, a: CloseAnswer) {
    const r = await this.host.call("spawn.Close", { ...closePayload(card), worktree: a.worktree, force: a.force })
    if (r) this.host.overlay = undefined
  }

  async resume(id: string) {
    this.host.overlay = undefined
    this.host.opening(1)
    const r = await this.host.call<{ id: string; startError: string }>("desk.Resume", { id }).finally(() => this.host.opening(-1))
    if (!r) return
    if (r.startError !== "") this.host.toast({ kind: "error", text: r.startError, detail: "", target: "" })
    this.host.started(id)
    this.host.selectWhenOpened(id)
  }

  async closeProject(id: string) {
    await this.host.call("desk.CloseProject", { id })
  }

  /** A palette item's key: "session:<id>", "project:<id>", "reopen:<path>", "resume:<id>", "action:<name>". */
  run(key: string, actions: Record<string, () => void>) {
    const at = key.indexOf(":")
    const [what, arg] = [key.slice(0, at), key.slice(at + 1)]
    if (what !== "action" || !arg.startsWith("new:")) this.host.overlay = undefined
    if (what === "session") this.host.model = selectCard(this.host.model, arg)
    if (what === "project") this.host.model = { ...this.host.model, activeProject: arg }
    if (what === "reopen") void this.openProject(arg)
    if (what === "resume") void this.resume(arg)
    if (what === "action") {
      if (arg.startsWith("new:")) return void this.newSession(arg.slice(4))
      if (arg === "close-project") return void this.closeProject(this.host.model.activeProject)
      actions[arg]?.()
    }
  }
}
