/**
 * Every provider's integration, by id. A provider with nothing of its own yet has a bare row: lich
 * then spawns it as it is, and quiet alone says when it is ready.
 */
import type { CostReaders, WindowReaders } from "@lich/cost"
import { type ProviderId, providerIds } from "@lich/providers"
import { claude } from "./claude/index.js"
import { codex } from "./codex/index.js"
import { crush } from "./crush/index.js"
import type { Integration } from "./Integration.js"
import { kiro } from "./kiro/index.js"
import { omp } from "./omp/index.js"
import { opencode } from "./opencode/index.js"

const bare = (id: ProviderId): Integration => ({ id })

const table: { readonly [K in ProviderId]: Integration } = {
  claude,
  codex,
  antigravity: bare("antigravity"),
  opencode,
  omp,
  crush,
  cursor: bare("cursor"),
  kiro,
  shell: bare("shell")
}

export const integration = (id: ProviderId): Integration => table[id]

/** The cost readers of every provider that has one, rooted in the sessions' environment. */
export const costReaders = (env: Readonly<Record<string, string | undefined>>, home: string): CostReaders =>
  Object.fromEntries(providerIds.flatMap((id) => (table[id].cost === undefined ? [] : [[id, table[id].cost!(env, home)]])))

/** Every provider's plan-window account (and reader, where it records its windows), rooted the same way. */
export const windowReaders = (env: Readonly<Record<string, string | undefined>>, home: string): WindowReaders =>
  Object.fromEntries(providerIds.flatMap((id) => (table[id].windows === undefined ? [] : [[id, table[id].windows!(env, home)]])))
