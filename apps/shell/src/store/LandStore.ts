/**
 * The landing part of the dock, for the session shown: the action waiting for its confirmation
 * (commit, rebase onto the base, merge into it), the commit message typed and the merge mode picked,
 * the last outcome in one line (a refusal, a conflict with its files, a merge offering to close the
 * session), the pull request form, and the project's pull requests with the kind to open one as. A
 * different session shown starts it over: nothing asked about one session is confirmed for another.
 */
import type { PrListItemWire } from "../api/wire.js"
import { Store } from "./Store.js"

export type LandAsk = "commit" | "rebase" | "merge"
export type MergeChoice = "" | "ff" | "merge" | "squash"

export interface LandNote {
  readonly tone: "ok" | "bad"
  readonly text: string
  /** a rebase that conflicted (and was aborted): the files */
  readonly conflicted: ReadonlyArray<string>
  /** what the note offers next */
  readonly offer: "" | "hand-conflicts" | "close"
}

export interface PrForm {
  readonly title: string
  readonly body: string
  readonly draft: boolean
}

export interface LandState {
  /** the session all of this is about */
  readonly id: string
  readonly confirm: LandAsk | undefined
  readonly message: string
  readonly mode: MergeChoice
  readonly note: LandNote | undefined
  readonly prForm: PrForm | undefined
  /** the project's open pull requests, once listed; "loading" while gh is asked */
  readonly prs: ReadonlyArray<PrListItemWire> | "loading" | undefined
  /** what a pull request checked out runs: a provider's id, or shell */
  readonly prKind: string
  /** the call in flight, by name; "" = none */
  readonly busy: string
}

const fresh = (id: string): LandState => ({
  id,
  confirm: undefined,
  message: "",
  mode: "",
  note: undefined,
  prForm: undefined,
  prs: undefined,
  prKind: "",
  busy: ""
})

export class LandStore extends Store<LandState> {
  constructor() {
    super(fresh(""))
  }

  /** The session shown: its own state, or a fresh one. */
  about(id: string) {
    if (id !== this.state.id) this.set(fresh(id))
  }

  ask(confirm: LandAsk | undefined) {
    this.set({ confirm, note: confirm === undefined ? this.state.note : undefined })
  }

  typed(message: string) {
    this.set({ message })
  }

  pickMode(mode: MergeChoice) {
    this.set({ mode })
  }

  pickKind(prKind: string) {
    this.set({ prKind })
  }

  working(busy: string) {
    this.set({ busy })
  }

  /** An outcome: the confirmation is answered, the note says what happened. */
  done(note: LandNote | undefined, patch: Partial<LandState> = {}) {
    this.set({ confirm: undefined, busy: "", note, ...patch })
  }

  form(prForm: PrForm | undefined) {
    this.set({ prForm, note: prForm === undefined ? this.state.note : undefined })
  }

  listed(prs: LandState["prs"]) {
    this.set({ prs })
  }
}

export const ok = (text: string, offer: LandNote["offer"] = ""): LandNote => ({ tone: "ok", text, conflicted: [], offer })
export const refused = (text: string): LandNote => ({ tone: "bad", text, conflicted: [], offer: "" })
