/** Which tab and card this window showed, kept in sessionStorage: a reload keeps it, another window keeps its own. */
import type { Selection } from "../logic/model.js"

const SELECTION_KEY = "lich.selection"

export const savedSelection = (): Selection => {
  try {
    return JSON.parse(sessionStorage.getItem(SELECTION_KEY) ?? "") as Selection
  } catch {
    return { activeProject: "", shown: {} }
  }
}

export const saveSelection = (s: Selection): void => sessionStorage.setItem(SELECTION_KEY, JSON.stringify(s))
