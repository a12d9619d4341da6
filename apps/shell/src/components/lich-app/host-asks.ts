/**
 * What the window does with a host section's asks: a card picked there is shown (and the local
 * selection left as it was, to come back to), closed on the host, or started there; a header's
 * Reconnect or Start connects; the + menu opens a session or the worktree dialog on the host.
 */
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
      return void hostLinks.newSession(a.host, a.project.path, a.sessionKind)
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
