/**
 * What the window does with a host section's asks: a card picked there is shown (and the local
 * selection left as it was, to come back to), closed on the host, or started there; a header's
 * Reconnect or Start connects; the + menu opens a session or the worktree dialog on the host.
 */
import type { HotAction } from "../../logic/hotkeys.js"
import { hostCard } from "../../store/HostsStore.js"
import type { Parts } from "../../store/parts.js"
import type { HostAsk } from "../lich-host-section/lich-host-section.js"

export const answerHost = ({ store, hosts, hostLinks }: Parts, a: HostAsk) => {
  store.menu(false)
  switch (a.kind) {
    case "connect":
      return void hostLinks.connect(a.host, a.start)
    case "menu":
      return hosts.menuFor(a.host, a.project)
    case "new-session":
      hosts.menuFor("", "")
      return void hostLinks.newSession(a.host, a.project, a.sessionKind)
    case "new-worktree":
      hosts.menuFor("", "")
      return store.openOverlay({ kind: "worktree", host: { name: a.host, project: a.project } })
    case "card": {
      const ref = { host: a.host, id: a.action.id }
      const found = hostCard(hosts.state, ref)
      if (!found) return
      // Rename and the card's menu (the dock, pull requests) read this machine's checkouts: not offered on a host's card.
      if (a.action.kind === "select") {
        hosts.show(ref)
        store.focusTerminal()
      }
      if (a.action.kind === "close") void hostLinks.close(a.host, found.card)
    }
  }
}

/**
 * A hotkey while a host's card is shown: close closes that card (on the host); rename and the dock
 * are not offered there; moving between sessions or projects goes back to the local cards; the rest
 * act as they do over a local card.
 */
export const hostHotkey = (parts: Parts, a: HotAction) => {
  const shown = hostCard(parts.hosts.state, parts.hosts.state.shown)
  if (a === "close" && shown && !parts.store.state.overlay) return void parts.hostLinks.close(shown.host.status.name, shown.card)
  if (a === "close" || a === "rename" || a === "dock") return
  if (a === "next-session" || a === "prev-session" || a === "next-project" || a === "prev-project") parts.hosts.unshow()
  parts.actions.hotkey(a)
}
