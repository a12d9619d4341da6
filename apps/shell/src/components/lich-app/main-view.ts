/** What the main area shows: the first-run screen, a card's terminal (local or a host's), or why there is none. */
import { html } from "lit"
import { keyed } from "lit/directives/keyed.js"
import type { Card } from "../../logic/model.js"
import { hostCard, isConnected } from "../../store/HostsStore.js"
import type { Parts } from "../../store/parts.js"
import { firstRun } from "./first-run.js"

/**
 * A host's card: its terminal through that host's socket, keyed by the link too, so a link made
 * again mounts a fresh terminal whose attach replays the far screen. While the link is down the
 * last screen stays, saying so, and takes no keys.
 */
export const hostTerminalFor = ({ store, hosts, hostLinks }: Parts) => {
  const shown = hostCard(hosts.state, hosts.state.shown)
  if (!shown) return undefined
  const { host, card } = shown
  const name = host.status.name
  const mux = hostLinks.mux(name)
  const offline = isConnected(host) ? "" : `${name} is disconnected — “${card.label}” keeps running there; lich reconnects by itself.`
  if (!mux) return html`<div class="placeholder">${offline || `Connecting to ${name}…`}</div>`
  if (!card.live && offline === "")
    return html`<div class="placeholder">“${card.label}” is not running on ${name}.
      <button class="start" @click=${() => void hostLinks.start({ host: name, id: card.id })}>Start it</button></div>`
  return keyed(
    `${name}\n${card.id}\n${host.link}`,
    html`<lich-terminal session-id=${card.id} data-host=${name} .mux=${mux} .theme=${store.state.termTheme}
      .focusTick=${store.state.model.focusTick} .live=${card.live} .offline=${offline}></lich-terminal>`
  )
}

export const terminalFor = (parts: Parts, card: Card | undefined) => {
  const { store, actions, backend } = parts
  const s = store.state
  const onHost = s.problem ? undefined : hostTerminalFor(parts)
  if (onHost) return onHost
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
