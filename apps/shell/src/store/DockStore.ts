/**
 * The dock's own state: whether it is open and how wide, the file whose diff it shows and how
 * (unified or split, the changes or the whole file), the comment being written, and which of its
 * calls are in flight. What the checkout holds is not here: it is the backend's, in GitStore. Only
 * the named actions below change it; DockActions makes the calls and reports back through them.
 */
import type { DiffSection } from "@lich/contract"
import type { FileDiffWire } from "../api/wire.js"
import { type DockLook, MIN_WIDTH, savedLook, saveLook } from "./dock-storage.js"
import { Store } from "./Store.js"

export interface OpenFile {
  readonly id: string
  readonly path: string
  readonly section: DiffSection
}

/** Lines picked for a comment: a click on a line number, or a drag across several. */
export interface Draft extends OpenFile {
  readonly side: "old" | "new"
  readonly startLine: number
  readonly endLine: number
}

export interface DockState extends DockLook {
  readonly file: OpenFile | undefined
  /** the open file's two sides, once read; undefined while loading or when it could not be read */
  readonly diff: FileDiffWire | undefined
  /** why the open file shows no diff ("" = it does, or is loading) */
  readonly diffNote: string
  readonly draft: Draft | undefined
  /** the comment whose text is being edited; "" = none */
  readonly editing: string
  /** the calls in flight, by name ("send-review", "ask-review", "commit", …): their buttons wait */
  readonly busy: ReadonlySet<string>
  /** who "Ask for a review" asks: "" = lich picks one of another kind, "id:<session>", "kind:<provider>" */
  readonly reviewer: string
}

const sameFile = (a: OpenFile | undefined, b: OpenFile | undefined) =>
  a !== undefined && b !== undefined && a.id === b.id && a.path === b.path && a.section === b.section

export class DockStore extends Store<DockState> {
  constructor(look: DockLook = savedLook()) {
    super({ ...look, file: undefined, diff: undefined, diffNote: "", draft: undefined, editing: "", busy: new Set(), reviewer: "" })
  }

  private look(patch: Partial<DockLook>) {
    this.set(patch)
    const s = this.state
    saveLook({ open: s.open, width: s.width, mode: s.mode, whole: s.whole })
  }

  toggle(open = !this.state.open) {
    if (open !== this.state.open) this.look({ open })
  }

  /** Dragged to `width`; never narrower than its rows read at, nor wider than `max` (the window leaves room for the terminal). */
  resize(width: number, max: number) {
    this.look({ width: Math.round(Math.max(MIN_WIDTH, Math.min(width, Math.max(MIN_WIDTH, max)))) })
  }

  showAs(mode: "unified" | "split") {
    this.look({ mode })
  }

  wholeFile(whole: boolean) {
    this.look({ whole })
  }

  /** A file picked: its diff is asked for; the last one's stays out of sight until this one's is in. */
  openFile(file: OpenFile) {
    if (sameFile(file, this.state.file)) return
    this.set({ file, diff: undefined, diffNote: "", draft: undefined })
  }

  closeFile() {
    this.set({ file: undefined, diff: undefined, diffNote: "", draft: undefined })
  }

  /** The diff read for `file`; dropped when another file was picked meanwhile. */
  diffLoaded(file: OpenFile, diff: FileDiffWire | undefined, note: string) {
    if (!sameFile(file, this.state.file)) return
    this.set({ diff, diffNote: diff === undefined ? note : "" })
  }

  startComment(draft: Draft) {
    this.set({ draft, editing: "" })
  }

  endComment() {
    if (this.state.draft !== undefined) this.set({ draft: undefined })
  }

  startEdit(commentId: string) {
    this.set({ editing: commentId, draft: undefined })
  }

  endEdit() {
    if (this.state.editing !== "") this.set({ editing: "" })
  }

  pickReviewer(reviewer: string) {
    this.set({ reviewer })
  }

  working(name: string, on: boolean) {
    if (this.state.busy.has(name) === on) return
    const busy = new Set(this.state.busy)
    if (on) busy.add(name)
    else busy.delete(name)
    this.set({ busy })
  }
}

export const isBusy = (s: DockState, name: string) => s.busy.has(name)
