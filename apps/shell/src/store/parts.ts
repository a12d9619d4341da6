/** What the window's views are handed: the state to read, the actions to call, the line to the backend (dialogs, terminals). */
import type { Actions } from "./Actions.js"
import type { AppStore } from "./AppStore.js"
import type { Backend } from "./Backend.js"

export interface Parts {
  readonly store: AppStore
  readonly actions: Actions
  readonly backend: Backend
}
