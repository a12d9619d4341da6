/**
 * The landing and pull request parts of the dock, wired: each button of land-view and pr-view to
 * LandStore's named actions (what is asked, typed, picked) or LandActions' calls (what is done).
 */
import { html } from "lit"
import type { GhStatusWire, Provider, SessionGitWire } from "../../api/wire.js"
import type { Card } from "../../logic/model.js"
import type { LandActions } from "../../store/LandActions.js"
import type { LandState, LandStore } from "../../store/LandStore.js"
import { landView } from "./land-view.js"
import { prView } from "./pr-view.js"

/** What a pull request can be checked out as: the agents found, and a shell. */
export const checkoutKinds = (providers: ReadonlyArray<Provider>): ReadonlyArray<Provider> => {
  const found = providers.filter((p) => p.path !== "" && p.id !== "shell")
  const shell = providers.find((p) => p.id === "shell")
  return shell ? [...found, shell] : found
}

export const landPart = (
  card: Card,
  g: SessionGitWire,
  gh: GhStatusWire | undefined,
  l: LandState,
  providers: ReadonlyArray<Provider>,
  store: LandStore,
  act: LandActions
) => {
  const id = card.id
  const kinds = checkoutKinds(providers)
  const kind = l.prKind !== "" ? l.prKind : (kinds[0]?.id ?? "shell")
  return html`${landView(g, card.label, l, {
    ask: (a) => store.ask(a),
    confirm: (a) => void (a === "commit" ? act.commit(id) : a === "rebase" ? act.rebase(id) : act.merge(id)),
    typed: (m) => store.typed(m),
    mode: (m) => store.pickMode(m),
    handConflicts: () => void act.handConflicts(id),
    closeMerged: () => act.closeMerged(id)
  })}
  ${prView(g, gh, l, kinds, {
    draft: () => void act.draftPr(id),
    form: (f) => store.form(f),
    open: (f) => void act.openPr(id, f),
    sendChecks: () => void act.sendChecks(id),
    list: () => void act.listPrs(id, card.projectId),
    kind: (k) => store.pickKind(k),
    checkout: (n) => void act.checkoutPr(card.projectId, n, kind)
  })}`
}
