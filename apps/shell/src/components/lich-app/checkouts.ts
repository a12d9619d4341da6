/** Worktree cards learn their branch and uncommitted state from spawn.Worktrees (what `lich worktrees` lists). */
import type { Model } from "../../logic/model.js"

export interface Checkout {
  readonly name: string
  readonly path: string
  readonly dirty: boolean
}

export const withCheckouts = (m: Model, projectId: string, list: ReadonlyArray<Checkout>): Model => {
  const byPath = new Map(list.map((w) => [w.path, w]))
  return {
    ...m,
    cards: m.cards.map((c) => {
      const w = c.projectId === projectId && c.path !== "" ? byPath.get(c.path) : undefined
      return w ? { ...c, dirty: w.dirty, branch: c.branch || w.name } : c
    })
  }
}
