/**
 * What Settings › lich plugin shows per provider: a card for each harness found on this machine, and
 * for one not found that still has lich's install (so it can be removed); the others in one line.
 * Pure, so what a card says and offers is tested without a page.
 */
import type { PluginInstallWire, Provider } from "../../api/wire.js"

export type PluginVerb = "install" | "update" | "remove"

export interface PluginCard {
  readonly provider: PluginInstallWire["provider"]
  readonly name: string
  /** where the binary a session runs was found; "" when it is not on this machine */
  readonly found: string
  /** `not-installed`, `current`, `outdated`: the card's data-state, what a test and a person read */
  readonly state: "not-installed" | "current" | "outdated"
  /** one line: installed or not, the version, current or not */
  readonly summary: string
  readonly where: ReadonlyArray<string>
  /** the buttons this state offers, in order */
  readonly verbs: ReadonlyArray<PluginVerb>
}

const stateOf = (s: PluginInstallWire): PluginCard["state"] => (!s.installed ? "not-installed" : s.current ? "current" : "outdated")

const SUMMARY: { readonly [K in PluginCard["state"]]: (version: string) => string } = {
  "not-installed": () => "Not installed: sessions of this kind report no state and have no lich tools",
  current: (v) => `Installed, ${v}: current`,
  // An install is out of date when it carries another release or names another lich binary.
  outdated: (v) => `Installed, ${v === "" ? "an unknown release" : v}: out of date (another release, or another lich binary)`
}

const VERBS: { readonly [K in PluginCard["state"]]: ReadonlyArray<PluginVerb> } = {
  "not-installed": ["install"],
  current: ["remove"],
  outdated: ["update", "remove"]
}

export const pluginCards = (
  states: ReadonlyArray<PluginInstallWire>,
  providers: ReadonlyArray<Provider>
): { readonly cards: ReadonlyArray<PluginCard>; readonly missing: ReadonlyArray<string> } => {
  const cards: Array<PluginCard> = []
  const missing: Array<string> = []
  for (const s of states) {
    const found = providers.find((p) => p.id === s.provider)?.path ?? ""
    if (found === "" && !s.installed) {
      missing.push(s.name)
      continue
    }
    const state = stateOf(s)
    cards.push({
      provider: s.provider,
      name: s.name,
      found,
      state,
      summary: SUMMARY[state](s.version),
      where: s.where,
      verbs: VERBS[state]
    })
  }
  return { cards, missing }
}

export const VERB_LABEL: { readonly [K in PluginVerb]: string } = { install: "Install", update: "Update", remove: "Remove" }
