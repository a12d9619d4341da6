/** The dialog on top, wired to the app's actions. Clicking the dimmed backdrop or Escape dismisses it. */
import { html } from "lit"
import type { CloseAnswer } from "../lich-close-dialog/lich-close-dialog.js"
import type { WorktreeForm } from "../lich-worktree-dialog/view.js"
import type { LichApp } from "./lich-app.js"
import type { Overlay } from "./overlay.js"
import { paletteItems } from "./palette-items.js"
import "../lich-ask-confine/lich-ask-confine.js"
import "../lich-close-dialog/lich-close-dialog.js"
import "../lich-help/lich-help.js"
import "../lich-open-project/lich-open-project.js"
import "../lich-palette/lich-palette.js"
import "../lich-settings/lich-settings.js"
import "../lich-worktree-dialog/lich-worktree-dialog.js"

const backdrop = (app: LichApp) => (e: Event) => {
  if (e.composedPath()[0] === e.currentTarget) app.overlay = undefined
}

export const renderOverlay = (app: LichApp, o: Overlay) => {
  const m = app.model
  const project = m.projects.find((p) => p.id === m.activeProject)
  const dismiss = () => {
    app.overlay = undefined
    // Back to the terminal: the keyboard was there before the dialog took it.
    app.model = { ...app.model, focusTick: app.model.focusTick + 1 }
  }
  switch (o.kind) {
    case "open-project":
      return html`<lich-open-project .call=${app.call} @click=${backdrop(app)} @lich-dismiss=${dismiss}
        @lich-open-path=${(e: CustomEvent<{ path: string }>) => void app.actions.openProject(e.detail.path)}></lich-open-project>`
    case "worktree":
      return html`<lich-worktree-dialog .call=${app.call} .projectId=${project?.id ?? ""} .providers=${app.providers}
        @click=${backdrop(app)} @lich-dismiss=${dismiss}
        @lich-create-worktree=${(e: CustomEvent<WorktreeForm>) => void app.actions.newWorktree(e.detail)}></lich-worktree-dialog>`
    case "close":
      return html`<lich-close-dialog .label=${o.card.label} .path=${o.path} .files=${o.files} @click=${backdrop(app)} @lich-dismiss=${dismiss}
        @lich-close-answer=${(e: CustomEvent<CloseAnswer>) => void app.actions.answerClose(o.card, e.detail)}></lich-close-dialog>`
    case "settings":
      return html`<lich-settings .call=${app.call} .projectId=${project?.id ?? ""} .projectName=${project?.name ?? ""}
        @click=${backdrop(app)} @lich-dismiss=${dismiss}></lich-settings>`
    case "palette": {
      const items = paletteItems(m, app.providers, app.parked, app.recent, app.mac, Date.now())
      const named: Record<string, () => void> = {
        worktree: () => {
          app.overlay = { kind: "worktree" }
        },
        "open-project": () => {
          app.overlay = { kind: "open-project" }
        },
        settings: () => {
          app.overlay = { kind: "settings" }
        },
        help: () => {
          app.overlay = { kind: "help" }
        }
      }
      return html`<lich-palette .items=${items} .tab=${o.tab} @click=${backdrop(app)} @lich-dismiss=${dismiss}
        @lich-palette-run=${(e: CustomEvent<{ key: string }>) => app.actions.run(e.detail.key, named)}></lich-palette>`
    }
    case "ask": {
      const name = app.providers.find((p) => p.id === o.provider)?.name ?? o.provider
      return html`<lich-ask-confine .name=${name} @click=${backdrop(app)} @lich-dismiss=${dismiss}
        @lich-confine=${(e: CustomEvent<{ confine: boolean }>) => void app.actions.newSession(o.provider, e.detail.confine)}></lich-ask-confine>`
    }
    case "help":
      return html`<lich-help .mac=${app.mac} @click=${backdrop(app)} @lich-dismiss=${dismiss}></lich-help>`
  }
}
