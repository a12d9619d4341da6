/**
 * The budgets' layer: the budget procedures over the gate, the gate itself (SpendGate) for the
 * relay to ask before it types new work, and the plan-window readings both read — over the one
 * cost ledger already in context (the server shares it with `system.Cost` and the relay's
 * timeline). The server puts this below the relay, which needs the gate.
 */
import { Layer } from "effect"
import { BudgetHandlers } from "./budgetRpcs.js"
import { PlanReadings } from "./PlanReadings.js"
import { SpendGate } from "./SpendGate.js"
import type { WindowReaders } from "./windows.js"

export const BudgetLayer = (windows: WindowReaders) =>
  BudgetHandlers.pipe(Layer.provideMerge(SpendGate.layer), Layer.provideMerge(PlanReadings.layer(windows)))
