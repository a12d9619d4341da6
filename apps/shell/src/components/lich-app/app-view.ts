/**
 * The window's layout: tabs on top, the sidebar of the active project's cards, the shown card's terminal,
 * the overlay and the toasts. Every handler goes back to the element (LichApp), which owns the state.
 */
import { html, nothing } from "lit"
import { selectCard, shownCard } from "../../logic/model.js"
import type { CardAction } from "../lich-session-card/lich-session-card.js"
import type { LichApp } from "./lich-app.js"
import { terminalFor } from "./main-view.js"
import { renderOverlay } from "./render-overlay.js"

export const renderApp = (app: LichApp) => {
  const m = app.model
  const project = m.projects.find((p) => p.id === m.activeProject)
  const shown = shownCard(m)
  return html`<lich-tabs .projects=${m.projects} .cards=${m.cards} .active=${m.activeProject}
        @lich-tab=${(e: CustomEvent<{ id: string }>) => {
          app.model = { ...m, activeProject: e.detail.id }
        }}
        @lich-tab-close=${(e: CustomEvent<{ id: string }>) => void app.actions.closeProject(e.detail.id)}
        @lich-open-project=${() => {
          app.overlay = { kind: "open-project" }
        }}
        @lich-palette=${() => void app.openPalette()}
        @lich-settings=${() => {
          app.overlay = { kind: "settings" }
        }}></lich-tabs>
      <div class="body">
        <lich-sidebar .cards=${m.cards.filter((c) => c.projectId === m.activeProject)} .activeId=${shown?.id ?? ""} .projectPath=${project?.path ?? ""}
          .providers=${app.providers}
          @lich-card=${(e: CustomEvent<CardAction>) => app.onCard(e.detail)}
          @lich-new-session=${(e: CustomEvent<{ kind: string }>) => void app.actions.newSession(e.detail.kind)}
          @lich-new-worktree=${() => {
            app.overlay = { kind: "worktree" }
          }}></lich-sidebar>
        <main>${terminalFor(app, shown)}</main>
      </div>
      ${app.overlay ? renderOverlay(app, app.overlay) : nothing}
      <lich-toasts @lich-open=${(e: CustomEvent<{ id: string }>) => {
        app.model = selectCard(app.model, e.detail.id)
      }}
        @lich-undo=${(e: CustomEvent<{ id: string }>) => void app.actions.resume(e.detail.id)}></lich-toasts>`
}
