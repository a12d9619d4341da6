/**
 * The diff's editors, made with CodeMirror 6 and @codemirror/merge: unified (the session's text
 * with the base's removed lines shown between its own) or split (the base left, the session right,
 * unchanged lines aligned), the unchanged stretches folded unless the whole file is asked for. A
 * file only one side has (added, deleted) is one editor, tinted. All read-only: the diff is for
 * reading and commenting, the agent edits. The language loads after the first paint and is swapped
 * in, so a large file is on screen before its grammar has arrived.
 */
import { syntaxHighlighting } from "@codemirror/language"
import { MergeView, unifiedMergeView } from "@codemirror/merge"
import { Compartment, EditorState, type Extension } from "@codemirror/state"
import { EditorView } from "@codemirror/view"
import { languageFor, lichHighlight } from "./highlight.js"
import { lineDiff } from "./lineDiff.js"
import { type Note, notesField, type Painter, pickingLineNumbers, selectionComment, setNotes } from "./notes.js"
import { diffTheme } from "./theme.js"

export type Side = "old" | "new"

export interface Shape {
  readonly mode: "unified" | "split"
  readonly whole: boolean
  readonly dark: boolean
  readonly path: string
}

export interface Hooks {
  readonly paint: Painter
  readonly pick: (side: Side, startLine: number, endLine: number) => void
}

export interface Mounted {
  readonly views: ReadonlyArray<{ readonly side: Side; readonly view: EditorView }>
  notes(of: (side: Side) => ReadonlyArray<Note>): void
  destroy(): void
}

/** 3 lines of context around a change, as `git diff` gives; stretches shorter than 4 are not worth a fold. */
const FOLD = { margin: 3, minSize: 4 }
/** Lines first, then characters (lineDiff.ts): the package's own diff gives up on a large file. */
const diffConfig = { override: lineDiff }

const sideExtensions = (side: Side, shape: Shape, hooks: Hooks, language: Compartment): Extension => [
  EditorState.readOnly.of(true),
  pickingLineNumbers((a, b) => hooks.pick(side, a, b)),
  selectionComment((a, b) => hooks.pick(side, a, b)),
  notesField(hooks.paint),
  syntaxHighlighting(lichHighlight),
  language.of([]),
  EditorView.darkTheme.of(shape.dark),
  diffTheme,
  EditorView.editorAttributes.of({ "data-side": side })
]

interface Sides {
  readonly old: string
  readonly new: string
  /** the one side a file has when it has only one */
  readonly only: Side | undefined
}

type Made = { readonly views: Array<{ side: Side; view: EditorView }>; readonly destroy: () => void }

/** One editor for a file only one side has; the session's text with the base's lines between (unified); or both, aligned (split). */
const makeViews = (parent: HTMLElement, root: ShadowRoot, sides: Sides, shape: Shape, ext: (side: Side) => Extension): Made => {
  const collapseUnchanged = shape.whole ? undefined : FOLD
  if (sides.only !== undefined) {
    const side = sides.only
    const doc = side === "old" ? sides.old : sides.new
    const view = new EditorView({
      parent,
      root,
      doc,
      extensions: [ext(side), EditorView.editorAttributes.of({ class: `lich-only-${side}` })]
    })
    return { views: [{ side, view }], destroy: () => view.destroy() }
  }
  if (shape.mode === "unified") {
    const merge = unifiedMergeView({
      original: sides.old,
      mergeControls: false,
      gutter: true,
      syntaxHighlightDeletions: true,
      collapseUnchanged,
      diffConfig
    })
    const view = new EditorView({ parent, root, doc: sides.new, extensions: [ext("new"), merge] })
    return { views: [{ side: "new", view }], destroy: () => view.destroy() }
  }
  const merge = new MergeView({
    a: { doc: sides.old, extensions: ext("old") },
    b: { doc: sides.new, extensions: ext("new") },
    parent,
    root,
    gutter: true,
    collapseUnchanged,
    diffConfig
  })
  return {
    views: [
      { side: "old", view: merge.a },
      { side: "new", view: merge.b }
    ],
    destroy: () => merge.destroy()
  }
}

/** The editors for these two sides, in `parent`. */
export const mountDiff = (parent: HTMLElement, root: ShadowRoot, sides: Sides, shape: Shape, hooks: Hooks): Mounted => {
  const language = new Compartment()
  const { views, destroy } = makeViews(parent, root, sides, shape, (side) => sideExtensions(side, shape, hooks, language))
  let gone = false
  void languageFor(shape.path).then((lang) => {
    if (lang === undefined || gone) return
    for (const v of views) v.view.dispatch({ effects: language.reconfigure(lang) })
  })
  return {
    views,
    notes(of) {
      for (const v of views) v.view.dispatch({ effects: setNotes.of(of(v.side)) })
    },
    destroy() {
      gone = true
      destroy()
    }
  }
}
