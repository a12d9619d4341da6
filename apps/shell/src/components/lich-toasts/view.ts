/** The toast stack: newest last, at most a few, each gone after 10 s unless opened first. */
import type { Toast } from "../../logic/model.js"

/** 10 s: long enough to read a name and reach for Open, short enough not to pile up. */
export const TOAST_MS = 10_000
/** 4: more than that covers the terminal; the oldest go first. */
export const MAX_TOASTS = 4

export type AnyToast =
  | Toast
  | { readonly kind: "error"; readonly text: string; readonly detail: string; readonly target: "" }
  /** a plain close, undoable while the toast shows: target is the parked session */
  | { readonly kind: "undo"; readonly text: string; readonly detail: string; readonly target: string }
  /** something done that the person asked for elsewhere (a note sent from the dock): Open goes to target */
  | { readonly kind: "info"; readonly text: string; readonly detail: string; readonly target: string }
  /** a cap refused new work into a project: its button opens Settings › Budgets; target is the project */
  | { readonly kind: "cap"; readonly text: string; readonly detail: string; readonly target: string }

export type ShownToast = AnyToast & { readonly key: number }

export const pushToast = (list: ReadonlyArray<ShownToast>, t: AnyToast, key: number): Array<ShownToast> =>
  [...list, { ...t, key }].slice(-MAX_TOASTS)
