/**
 * The window's layout: tabs on top, the sidebar of the active project's cards, the shown card's
 * terminal, the dock beside it when open, the overlay and the toasts. It reads the stores and
 * answers each component's event with one of the stores' or the actions' named calls.
 */
import { html, nothing } from "lit"
import { ghNote } from "../../logic/gitFigures.js"
import { shownCard } from "../../logic/model.js"
import { hostOfCard } from "../../store/HostsStore.js"
import type { Parts } from "../../store/parts.js"
import type { HostAsk } from "../lich-host-section/lich-host-section.js"
import type { CardAction } from "../lich-session-card/lich-session-card.js"
import { answerHost } from "./host-asks.js"
import { terminalFor } from "./main-view.js"
import { renderOverlay } from "./render-overlay.js"

type Id = CustomEvent<{ id: string }>
type Pressed = CustomEvent<{ id: string; key: number }>

const dockFor = ({ store, git, dock, dockActions, land, landActions }: Parts, shown: ReturnType<typeof shownCard>) => {
  const s = store.state
  return html`<lich-dock .card=${shown} .cards=${s.model.cards} .providers=${s.providers} .termTheme=${s.termTheme}
    .dark=${s.theme?.scheme === "dark"} .gitStore=${git} .dockStore=${dock} .actions=${dockActions}
    .landStore=${land} .landActions=${landActions}></lich-dock>`
}

/** The footer for the card shown: its account's windows (by its kind) and its project's budget. */
const footerFor = ({ store, spend }: Parts, shown: ReturnType<typeof shownCard>) => {
  const s = spend.state
  const openBudgets = () => store.openOverlay({ kind: "settings", section: "Budgets" })
  return html`<lich-footer .card=${shown} .account=${shown ? s.accounts[shown.kind] : undefined}
    .budget=${s.budgets[store.state.model.activeProject]} @lich-budgets=${openBudgets}></lich-footer>`
}

/** A toast's Open: a host's card when one of a host's has that id, else the local one. */
const openToast = ({ store, hosts }: Parts, id: string) => {
  const host = hostOfCard(hosts.state, id)
  if (host === undefined) {
    hosts.unshow()
    return store.selectCard(id)
  }
  hosts.show({ host, id })
  store.focusTerminal()
}

export const renderApp = (parts: Parts) => {
  const { store, actions, git, dock, hosts } = parts
  const s = store.state
  const m = s.model
  const project = m.projects.find((p) => p.id === m.activeProject)
  const onHost = hosts.state.shown
  const shown = onHost ? undefined : shownCard(m)
  return html`<lich-tabs .projects=${m.projects} .cards=${m.cards} .active=${m.activeProject}
        @lich-tab=${(e: Id) => {
          hosts.unshow()
          store.showProject(e.detail.id)
        }}
        @lich-tab-close=${(e: Id) => void actions.closeProject(e.detail.id)}
        @lich-open-project=${() => store.openOverlay({ kind: "open-project" })}
        @lich-palette=${() => void actions.openPalette()}
        @lich-settings=${() => store.openOverlay({ kind: "settings" })}></lich-tabs>
      <div class="body ${dock.state.open ? "docked" : ""}" style=${dock.state.open ? `--dock-w: ${dock.state.width}px` : ""}>
        <lich-sidebar .cards=${m.cards.filter((c) => c.projectId === m.activeProject)} .activeId=${shown?.id ?? ""} .projectPath=${project?.path ?? ""}
          .providers=${s.providers} .menuOpen=${s.menuOpen} .renaming=${s.renaming} .git=${git.state.byId} .cardMenu=${s.cardMenu} .gh=${ghNote(git.state.gh)}
          .overCap=${parts.spend.state.budgets[m.activeProject]?.over ?? ""}
          .hosts=${hosts.state.hosts} .hostShown=${onHost} .hostMenu=${hosts.state.menu}
          @lich-host=${(e: CustomEvent<HostAsk>) => answerHost(parts, e.detail)}
          @lich-menu=${(e: CustomEvent<{ open: boolean }>) => {
            hosts.menuFor("", "")
            store.menu(e.detail.open)
          }}
          @lich-card=${(e: CustomEvent<CardAction>) => {
            if (e.detail.kind === "select") hosts.unshow()
            actions.card(e.detail)
          }}
          @lich-new-session=${(e: CustomEvent<{ kind: string }>) => {
            store.menu(false)
            void actions.newSession(e.detail.kind)
          }}
          @lich-new-worktree=${() => {
            store.menu(false)
            store.openOverlay({ kind: "worktree" })
          }}></lich-sidebar>
        <main>${terminalFor(parts, shown)}</main>
        ${dock.state.open ? dockFor(parts, shown) : nothing}
      </div>
      ${footerFor(parts, shown)}
      ${s.overlay ? renderOverlay(parts, s.overlay) : nothing}
      <lich-toasts .toasts=${s.toasts}
        @lich-budgets=${(e: Pressed) => {
          store.dismissToast(e.detail.key)
          store.openOverlay({ kind: "settings", section: "Budgets" })
        }}
        @lich-open=${(e: Pressed) => {
          store.dismissToast(e.detail.key)
          openToast(parts, e.detail.id)
        }}
        @lich-undo=${(e: Pressed) => {
          store.dismissToast(e.detail.key)
          void actions.resume(e.detail.id)
        }}></lich-toasts>`
}
