/**
 * The plan windows of each provider account and each project's budget, as the backend last said:
 * loaded whole (`system.Budgets`) at each load, then followed through `plan-windows` and
 * `budget-refused`. The footer reads it; what needs the person comes back as a toast to raise.
 */
import type { LichEventWire } from "../api/wire.js"
import type { Card } from "../logic/model.js"
import { type AccountWire, type BudgetsWire, capToast, crossingToast, type ProjectBudgetWire, type SpendToast } from "../logic/spend.js"
import { Store } from "./Store.js"

export interface SpendState {
  /** by provider kind: every session of a kind in one lich runs on one account */
  readonly accounts: Readonly<Record<string, AccountWire>>
  readonly budgets: Readonly<Record<string, ProjectBudgetWire>>
}

export class SpendStore extends Store<SpendState> {
  constructor() {
    super({ accounts: {}, budgets: {} })
  }

  loaded(r: BudgetsWire) {
    this.set({
      accounts: Object.fromEntries(r.accounts.map((a) => [a.provider, a])),
      budgets: Object.fromEntries(r.projects.map((p) => [p.projectId, p]))
    })
  }

  /** Settings › Budgets saved a project's caps: its standing as the backend answered. */
  saved(p: ProjectBudgetWire) {
    this.set({ budgets: { ...this.state.budgets, [p.projectId]: p } })
  }

  event(e: LichEventWire, cards: ReadonlyArray<Card>): SpendToast | undefined {
    if (e._tag === "plan-windows") {
      const before = this.state.accounts[e.account.provider]
      this.set({ accounts: { ...this.state.accounts, [e.account.provider]: e.account } })
      return crossingToast(before, e.account, cards)
    }
    if (e._tag === "budget-refused") {
      const had = this.state.budgets[e.projectId]
      const standing: ProjectBudgetWire = had
        ? { ...had, over: e.line }
        : { projectId: e.projectId, project: e.project, spentTodayUsd: 0, unpriced: 0, over: e.line }
      this.set({ budgets: { ...this.state.budgets, [e.projectId]: standing } })
      return capToast(e.project, e.projectId, e.line)
    }
    return undefined
  }
}
