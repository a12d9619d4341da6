/** The toast stack: newest last, at most a few, each gone after 10 s unless opened first. */
import type { Toast } from "../../logic/model.js"

/** 10 s: long enough to read a name and reach for Open, short enough not to pile up. */
export const TOAST_MS = 10_000
/** 4: more than that covers the terminal; the oldest go first. */
export const MAX_TOASTS = 4

export interface ShownToast extends Toast {
  readonly key: number
}

export const pushToast = (list: ReadonlyArray<ShownToast>, t: Toast, key: number): Array<ShownToast> =>
  [...list, { ...t, key }].slice(-MAX_TOASTS)
