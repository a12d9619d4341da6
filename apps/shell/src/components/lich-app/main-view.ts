/** What the main area shows: the first-run screen, a card's terminal, or why there is none. */
import { html } from "lit"
import { keyed } from "lit/directives/keyed.js"
import type { Card } from "../../logic/model.js"
import type { Parts } from "../../store/parts.js"
import { firstRun } from "./first-run.js"

export const terminalFor = ({ store, actions, backend }: Parts, card: Card | undefined) => {
  const s = store.state
  if (s.problem) return html`<div class="placeholder">${s.problem}</div>`
  if (s.ready && s.model.projects.length === 0) return firstRun(s.mac, () => store.openOverlay({ kind: "open-project" }))
  if (!card)
    return html`<div class="placeholder">No session is open here. Press <kbd>${s.mac ? "⌘" : "Ctrl"}+Shift+T</kbd> or the + above the list to open one.</div>`
  if (s.starting.has(card.id)) return html`<div class="placeholder">Starting “${card.label}”…</div>`
  if (!card.live)
    return html`<div class="placeholder">“${card.label}” is not running.
      <button class="start" @click=${() => actions.startCard(card.id)}>Start it</button></div>`
  return keyed(
    card.id,
    html`<lich-terminal session-id=${card.id} .mux=${backend.mux!} .theme=${s.termTheme} .focusTick=${s.model.focusTick} .live=${card.live}></lich-terminal>`
  )
}
