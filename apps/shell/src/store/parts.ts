/** What the window's views are handed: the state to read, the actions to call, the line to the backend (dialogs, terminals). */
import type { Actions } from "./Actions.js"
import type { AppStore } from "./AppStore.js"
import type { Backend } from "./Backend.js"
import type { DockActions } from "./DockActions.js"
import type { DockStore } from "./DockStore.js"
import type { GitStore } from "./GitStore.js"
import type { HostLinks } from "./HostLinks.js"
import type { HostsStore } from "./HostsStore.js"
import type { LandActions } from "./LandActions.js"
import type { LandStore } from "./LandStore.js"
import type { SpendStore } from "./SpendStore.js"
import type { TimelineStore } from "./TimelineStore.js"

export interface Parts {
  readonly store: AppStore
  readonly actions: Actions
  readonly backend: Backend
  /** every session's checkout and review, as the backend last read them: cards and dock read it */
  readonly git: GitStore
  /** the dock's own state, and its calls */
  readonly dock: DockStore
  readonly dockActions: DockActions
  /** the dock's landing part: its state and its calls */
  readonly land: LandStore
  readonly landActions: LandActions
  /** the plan windows and budgets the footer shows */
  readonly spend: SpendStore
  /** the relay timeline's records, kept live while the window runs */
  readonly timeline: TimelineStore
  /** each host's link and picture, its shown card; and the line to each host */
  readonly hosts: HostsStore
  readonly hostLinks: HostLinks
}
