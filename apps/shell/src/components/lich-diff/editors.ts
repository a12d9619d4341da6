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

/** The editors for these two sides, in `parent`; `only` names the one side a file has when it has only one. */
export const mountDiff = (
  parent: HTMLElement,
  root: ShadowRoot,
  sides: { readonly old: string; readonly new: string; readonly only: Side | undefined },
  shape: Shape,
  hooks: Hooks
): Mounted => {
  const language = new Compartment()
  const collapseUnchanged = shape.whole ? undefined : FOLD
  let views: Array<{ side: Side; view: EditorView }>
  let destroy: () => void
  if (sides.only !== undefined) {
    const side = sides.only
    const view = new EditorView({
      parent,
      root,
      doc: side === "old" ? sides.old : sides.new,
      extensions: [sideExtensions(side, shape, hooks, language), EditorView.editorAttributes.of({ class: `lich-only-${side}` })]
    })
    views = [{ side, view }]
    destroy = () => view.destroy()
  } else if (shape.mode === "unified") {
    const view = new EditorView({
      parent,
      root,
      doc: sides.new,
      extensions: [
        sideExtensions("new", shape, hooks, language),
        unifiedMergeView({ original: sides.old, mergeControls: false, gutter: true, syntaxHighlightDeletions: true, collapseUnchanged })
      ]
    })
    views = [{ side: "new", view }]
    destroy = () => view.destroy()
  } else {
    const merge = new MergeView({
      a: { doc: sides.old, extensions: sideExtensions("old", shape, hooks, language) },
      b: { doc: sides.new, extensions: sideExtensions("new", shape, hooks, language) },
      parent,
      root,
      gutter: true,
      collapseUnchanged
    })
    views = [
      { side: "old", view: merge.a },
      { side: "new", view: merge.b }
    ]
    destroy = () => merge.destroy()
  }
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
