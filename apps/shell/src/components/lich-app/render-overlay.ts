/** The dialog on top, wired to the window's actions. Clicking the dimmed backdrop or Escape dismisses it. */
import { html } from "lit"
import type { ProjectBudgetWire } from "../../logic/spend.js"
import { hostStatuses } from "../../store/HostsStore.js"
import type { Overlay } from "../../store/overlay.js"
import type { Parts } from "../../store/parts.js"
import type { CloseAnswer } from "../lich-close-dialog/lich-close-dialog.js"
import type { WorktreeForm } from "../lich-worktree-dialog/view.js"
import { paletteItems } from "./palette-items.js"
import "../lich-ask-confine/lich-ask-confine.js"
import "../lich-close-dialog/lich-close-dialog.js"
import "../lich-help/lich-help.js"
import "../lich-timeline/lich-timeline.js"
import "../lich-open-project/lich-open-project.js"
import "../lich-palette/lich-palette.js"
import "../lich-settings/lich-settings.js"
import "../lich-worktree-dialog/lich-worktree-dialog.js"

export const renderOverlay = ({ store, actions, backend, spend, timeline, hosts, hostLinks }: Parts, o: Overlay) => {
  const s = store.state
  const project = s.model.projects.find((p) => p.id === s.model.activeProject)
  const call = backend.call
  const backdrop = (e: Event) => {
    if (e.composedPath()[0] === e.currentTarget) store.closeOverlay()
  }
  const dismiss = () => store.dismissOverlay()
  switch (o.kind) {
    case "open-project":
      return html`<lich-open-project .call=${call} @click=${backdrop} @lich-dismiss=${dismiss}
        @lich-open-path=${(e: CustomEvent<{ path: string }>) => void actions.openProject(e.detail.path)}></lich-open-project>`
    case "worktree": {
      const on = o.host
      const create = (f: WorktreeForm) =>
        on ? void hostLinks.newWorktree(on.name, on.project.path, f).then((ok) => ok && store.closeOverlay()) : void actions.newWorktree(f)
      return html`<lich-worktree-dialog .call=${call} .projectId=${on?.project.id ?? project?.id ?? ""} .host=${on?.name ?? ""} .providers=${s.providers}
        @click=${backdrop} @lich-dismiss=${dismiss}
        @lich-create-worktree=${(e: CustomEvent<WorktreeForm>) => create(e.detail)}></lich-worktree-dialog>`
    }
    case "close":
      return html`<lich-close-dialog .label=${o.card.label} .path=${o.path} .files=${o.files} @click=${backdrop} @lich-dismiss=${dismiss}
        @lich-close-answer=${(e: CustomEvent<CloseAnswer>) => void actions.answerClose(o.card, e.detail)}></lich-close-dialog>`
    case "settings":
      return html`<lich-settings .call=${call} .attempt=${backend.attempt} .projectId=${project?.id ?? ""} .projectName=${project?.name ?? ""}
        .projectPath=${project?.path ?? ""} .section=${o.section ?? "Providers"} .hosts=${hostStatuses(hosts.state)}
        @click=${backdrop} @lich-dismiss=${dismiss}
        @lich-budget-saved=${(e: CustomEvent<ProjectBudgetWire>) => spend.saved(e.detail)}
        @lich-hosts-changed=${() => void hostLinks.list()}></lich-settings>`
    case "palette":
      return html`<lich-palette .items=${paletteItems(s, Date.now())} .tab=${o.tab} @click=${backdrop} @lich-dismiss=${dismiss}
        @lich-palette-run=${(e: CustomEvent<{ key: string }>) => actions.run(e.detail.key)}></lich-palette>`
    case "ask": {
      const name = s.providers.find((p) => p.id === o.provider)?.name ?? o.provider
      return html`<lich-ask-confine .name=${name} @click=${backdrop} @lich-dismiss=${dismiss}
        @lich-confine=${(e: CustomEvent<{ confine: boolean }>) => void actions.newSession(o.provider, e.detail.confine)}></lich-ask-confine>`
    }
    case "timeline":
      return html`<lich-timeline .store=${timeline} .call=${call} .projectId=${project?.id ?? ""} .projectName=${project?.name ?? ""}
        .cards=${new Set(s.model.cards.map((c) => c.id))} @click=${backdrop} @lich-dismiss=${dismiss}
        @lich-jump=${(e: CustomEvent<{ id: string }>) => {
          store.closeOverlay()
          store.selectCard(e.detail.id)
        }}></lich-timeline>`
    case "help":
      return html`<lich-help .mac=${s.mac} @click=${backdrop} @lich-dismiss=${dismiss}></lich-help>`
  }
}
