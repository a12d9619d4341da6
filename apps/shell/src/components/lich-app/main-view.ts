/** What the main area shows: the first-run screen, a card's terminal, or why there is none. */
import { html } from "lit"
import { keyed } from "lit/directives/keyed.js"
import type { Card } from "../../logic/model.js"
import { firstRun } from "./first-run.js"
import type { LichApp } from "./lich-app.js"

export const terminalFor = (app: LichApp, card: Card | undefined) => {
  if (app.problem) return html`<div class="placeholder">${app.problem}</div>`
  if (app.ready && app.model.projects.length === 0)
    return firstRun(app.mac, () => {
      app.overlay = { kind: "open-project" }
    })
  if (!card)
    return html`<div class="placeholder">No session is open here. Press <kbd>${app.mac ? "⌘" : "Ctrl"}+Shift+T</kbd> or the + above the list to open one.</div>`
  if (app.startingIds.has(card.id)) return html`<div class="placeholder">Starting “${card.label}”…</div>`
  if (!card.live) {
    // A card's terminal starts on its first view here (after a restart, or one never viewed); a
    // session that ended while this window watched waits for the person to start it again.
    if (!app.endedHere.has(card.id)) app.startCard(card.id)
    return html`<div class="placeholder">“${card.label}” is not running.
      <button class="start" @click=${() => app.startCard(card.id)}>Start it</button></div>`
  }
  return keyed(
    card.id,
    html`<lich-terminal session-id=${card.id} .mux=${app.mux!} .theme=${app.termTheme} .focusTick=${app.model.focusTick} .live=${card.live}></lich-terminal>`
  )
}
