/**
 * Desktop notifications through the browser's Notification API. Permission is asked once, on the
 * person's first key or click in the window (browsers ignore an unprompted ask); clicking one
 * brings the window forward on the card.
 */
import { ASKED_KEY, type Note } from "../logic/notify.js"

export const askOnce = () => {
  if (typeof Notification === "undefined" || Notification.permission !== "default") return
  if (localStorage.getItem(ASKED_KEY) === "yes") return
  localStorage.setItem(ASKED_KEY, "yes")
  void Notification.requestPermission()
}

export const raise = (note: Note, onClick: () => void) => {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return
  const n = new Notification(note.title, { body: note.body, tag: note.tag })
  n.onclick = () => {
    window.focus()
    onClick()
    n.close()
  }
}
