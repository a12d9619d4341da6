/**
 * Plan windows and budgets. A plan window is what a provider's CLI says of the account it runs on —
 * how much of a rate-limit window (five hours, seven days, …) is used and when it resets — kept per
 * account with the time lich read it. A budget is a project's caps on new work: a spend cap per day
 * and a ceiling on any plan window. A cap refuses a relayed send, `open --prompt` and `--subagent`
 * before anything is typed; it never touches work already running.
 */
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { LichError } from "./errors.js"
import { FromId } from "./ids.js"

/** One window as read: kind is the provider's own name for it (`five_hour`, `seven_day`, `primary`, …). */
export const PlanWindow = Schema.Struct({
  kind: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64)),
  /** 0–100; a provider reporting past its cap is held to 100 ("used up"). */
  percentUsed: Schema.Number.pipe(Schema.between(0, 100)),
  /** ms since the epoch; 0 = the provider did not say. */
  resetsAt: Schema.Number.pipe(Schema.nonNegative()),
  /** the window's length; 0 = the provider did not say. */
  windowMinutes: Schema.Number.pipe(Schema.nonNegative())
})
export type PlanWindow = typeof PlanWindow.Type

/**
 * One account's windows. account is `<provider>:<its config directory>` (every session of a kind in
 * one lich runs on the account that directory holds); readAt is when lich read them, ms.
 */
export const AccountWindows = Schema.Struct({
  account: Schema.String,
  provider: Schema.String,
  readAt: Schema.Number,
  windows: Schema.Array(PlanWindow)
})
export type AccountWindows = typeof AccountWindows.Type

/** 15 minutes: a reading older than this is marked stale wherever it is shown. */
export const PLAN_WINDOW_STALE_MS = 15 * 60_000
/** 80 %: a gauge turns amber, and a window crossing it while work runs raises a toast. */
export const PLAN_WINDOW_WARN_PERCENT = 80
/** 95 %: a gauge turns red. */
export const PLAN_WINDOW_ALARM_PERCENT = 95

/** A daily spend cap in US dollars: above 0, at most a million (a typo's extra zeros still fit). */
export const DayCapUsd = Schema.Number.pipe(Schema.greaterThan(0), Schema.lessThanOrEqualTo(1_000_000))
/** A plan-window ceiling in percent: new work stops once any window of the target's account reaches it. */
export const WindowCeiling = Schema.Number.pipe(Schema.greaterThanOrEqualTo(1), Schema.lessThanOrEqualTo(100))

/** One project's caps and where it stands against them; a cap absent is no cap. */
export class ProjectBudget extends Schema.Class<ProjectBudget>("ProjectBudget")({
  projectId: Schema.String,
  project: Schema.String,
  dayUsd: Schema.optional(DayCapUsd),
  windowPercent: Schema.optional(WindowCeiling),
  /** what the project's sessions spent since local midnight, as far as lich could price it */
  spentTodayUsd: Schema.Number,
  /** sessions of the project lich cannot price: the spend is then a lower bound */
  unpriced: Schema.Number,
  /** the refusal new work gets now, "" while under every cap */
  over: Schema.String
}) {}

export class BudgetsReport extends Schema.Class<BudgetsReport>("BudgetsReport")({
  projects: Schema.Array(ProjectBudget),
  accounts: Schema.Array(AccountWindows)
}) {}

/** project: a name (case-insensitive) or the absolute path of its directory. A cap sent as null is lifted. */
export const SetBudgetPayload = Schema.Struct({
  project: Schema.String,
  dayUsd: Schema.NullOr(DayCapUsd),
  windowPercent: Schema.NullOr(WindowCeiling)
})
export type SetBudgetPayload = typeof SetBudgetPayload.Type

/**
 * Would new work of `kind` into `project` be let in now? Refused with the cap's one line when not.
 * project "" and kind "" mean what they mean to `spawn.Open`: the caller's, else claude.
 */
export const AdmitPayload = Schema.Struct({ from: FromId, project: Schema.String, kind: Schema.String })
export type AdmitPayload = typeof AdmitPayload.Type

export const Budgets = Rpc.make("Budgets", { payload: {}, success: BudgetsReport, error: LichError })
export const SetBudget = Rpc.make("SetBudget", { payload: SetBudgetPayload, success: ProjectBudget, error: LichError })
export const Admit = Rpc.make("Admit", { payload: AdmitPayload, error: LichError })
