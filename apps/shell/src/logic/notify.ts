/**
 * When the window raises a desktop notification: a session started waiting on its person, or
 * finished a turn, while the window is not focused. Looking at the window is already being told.
 * Permission is asked once (the first time the person does anything in the window); the answer is
 * the browser's to keep.
 */
import type { Card } from "./model.js"

export interface Note {
  readonly title: string
  readonly body: string
  /** one notification per card: a newer one replaces the last */
  readonly tag: string
}

export const ASKED_KEY = "lich.notify.asked"

export const noteFor = (state: string, reason: string, card: Card | undefined, focused: boolean): Note | undefined => {
  if (focused || !card) return undefined
  if (state === "waiting")
    return { title: `${card.label} needs your input`, body: [card.project, reason || "Waiting on you"].join(" · "), tag: card.id }
  if (state === "done") return { title: `${card.label} finished its turn`, body: card.project, tag: card.id }
  return undefined
}
