/** The new-session menu's rows: shell, the providers this machine has, a worktree, then what is missing. */
import type { Provider } from "../../api/wire.js"

export type MenuRow =
  | { readonly type: "kind"; readonly kind: string; readonly title: string; readonly detail: string }
  | { readonly type: "worktree"; readonly title: string; readonly detail: string }
  | { readonly type: "missing"; readonly kind: string; readonly title: string; readonly detail: string }

export const menuRows = (providers: ReadonlyArray<Provider>, inRepo: boolean): Array<MenuRow> => [
  { type: "kind", kind: "shell", title: "Shell", detail: "a terminal in the project" },
  ...providers.filter((p) => p.path !== "").map((p): MenuRow => ({ type: "kind", kind: p.id, title: p.name, detail: p.path })),
  ...(inRepo ? [{ type: "worktree" as const, title: "New worktree…", detail: "a branch of its own, in a new checkout" }] : []),
  ...providers.filter((p) => p.path === "").map((p): MenuRow => ({ type: "missing", kind: p.id, title: p.name, detail: p.install }))
]

/** Rows a person can pick: missing providers are shown, not offered. */
export const pickable = (rows: ReadonlyArray<MenuRow>): Array<number> => rows.flatMap((r, i) => (r.type === "missing" ? [] : [i]))
