/**
 * The dock's landing calls: commit, rebase onto the base (a conflict comes back aborted, with its
 * files, and can be handed to the agent), merge into the base (then the close dialog is offered),
 * open a pull request from its drafted title and body, send the failing checks to the agent, list
 * the project's pull requests and check one out as a worktree session. Each is asked only after its
 * confirmation; a refusal comes back as the backend's one line, said in the dock where it was asked
 * (Backend.attempt), not as a dialog. What moved comes back as session-git like everything else.
 */
import type { Attempted } from "../api/call.js"
import type { Backend } from "./Backend.js"
import type { GitStore } from "./GitStore.js"
import { type LandNote, type LandStore, ok, type PrForm, refused } from "./LandStore.js"

const short = (sha: string) => sha.slice(0, 7)
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`

export class LandActions {
  constructor(
    private readonly land: LandStore,
    private readonly git: GitStore,
    private readonly backend: Backend,
    private readonly window: {
      /** the close dialog that exists, for the session just merged */
      readonly close: (id: string) => void
      /** a session this window opened: shown once its card is there */
      readonly opened: (id: string) => void
    }
  ) {
    backend.reloaded(() => void this.loadGh())
  }

  /** Runs a landing call with its name held busy, and turns the answer into the dock's note. */
  private async run<T>(name: string, call: () => Promise<Attempted<T>>, note: (v: T) => LandNote | undefined, patch = {}) {
    if (this.land.state.busy !== "") return
    const id = this.land.state.id
    this.land.working(name)
    const r = await call()
    // Another session was shown meanwhile: its dock is not told what this one's call answered.
    if (this.land.state.id !== id) return
    this.land.done(r.ok ? note(r.value) : refused(r.error), r.ok ? patch : {})
  }

  commit(id: string) {
    const message = this.land.state.message.trim()
    return this.run(
      "commit",
      () => this.backend.attempt("git.Commit", { id, message }),
      (c) => ok(`Committed ${plural(c.files, "file")} as ${short(c.sha)} “${c.message.split("\n")[0]}”`),
      { message: "" }
    )
  }

  rebase(id: string) {
    return this.run(
      "rebase",
      () => this.backend.attempt("git.Rebase", { id }),
      (r): LandNote =>
        r.rebased
          ? ok(`Rebased onto ${r.onto}: the branch is at ${short(r.head)} now`)
          : {
              tone: "bad",
              text: `Rebasing onto ${r.onto} would conflict, so it was aborted — nothing moved. Conflicted:`,
              conflicted: r.conflicted,
              offer: "hand-conflicts"
            }
    )
  }

  handConflicts(id: string) {
    return this.run(
      "hand-conflicts",
      () => this.backend.attempt("git.SendConflicts", { id }),
      (h) => ok(`The rebase is handed to “${h.label}” as a task naming the conflicted files (ticket ${h.ticket})`)
    )
  }

  merge(id: string) {
    const mode = this.land.state.mode
    return this.run(
      "merge",
      () => this.backend.attempt("git.Merge", { id, mode }),
      (m) =>
        ok(
          `Merged into ${m.base} (${m.mode}) at ${short(m.sha)}${m.updated !== "" ? `; the checkout at ${m.updated} was brought along` : ""}`,
          "close"
        )
    )
  }

  closeMerged(id: string) {
    this.land.done(undefined)
    this.window.close(id)
  }

  /** The form, filled with what the branch's commits say. */
  async draftPr(id: string) {
    this.land.about(id)
    this.land.working("draft")
    const d = await this.backend.attempt("git.PrDraft", { id })
    if (this.land.state.id !== id) return
    if (!d.ok) return this.land.done(refused(d.error))
    this.land.done(undefined)
    this.land.form({ title: d.value.title, body: d.value.body, draft: true })
  }

  openPr(id: string, f: PrForm) {
    return this.run(
      "open-pr",
      () => this.backend.attempt("git.OpenPr", { id, title: f.title, body: f.body, draft: f.draft }),
      (pr) => ok(`Pushed and opened pull request #${pr.number}${pr.draft ? " as a draft" : ""}`),
      { prForm: undefined }
    )
  }

  sendChecks(id: string) {
    return this.run(
      "send-checks",
      () => this.backend.attempt("git.SendChecks", { id }),
      (h) => ok(`The failing checks are with “${h.label}” as one prompt (ticket ${h.ticket})`)
    )
  }

  async listPrs(id: string, project: string) {
    this.land.about(id)
    this.land.listed("loading")
    const r = await this.backend.attempt("git.PrList", { project })
    if (this.land.state.id !== id) return
    if (r.ok) this.land.listed(r.value)
    else this.land.done(refused(r.error), { prs: undefined })
  }

  checkoutPr(project: string, number: number, kind: string) {
    return this.run(
      `checkout:${number}`,
      () => this.backend.attempt("git.CheckoutPr", { project, number, kind }),
      (o) => {
        this.window.opened(o.session.id)
        return ok(`Pull request #${number} is a worktree session now: “${o.session.label}”`)
      }
    )
  }

  /** gh's standing, asked at each load of the window. */
  async loadGh() {
    const r = await this.backend.attempt("git.Gh")
    if (r.ok) this.git.ghLoaded(r.value)
  }
}
