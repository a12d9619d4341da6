/**
 * The budgets: each project's caps (a spend cap per day, a plan-window ceiling), kept as the
 * project's settings, and the gate new work passes. The relay asks the gate before a relayed send
 * types anything and before `--subagent` opens its worker; `open --prompt` asks it (`system.Admit`)
 * before opening. A refusal is one line naming the cap, the figure and how to raise it, and is told
 * to the windows (`budget-refused`) so the card and a toast say it. Nothing here ever touches work
 * already running: the gate is asked only by what would start new work.
 */
import { type AccountWindows, ProjectBudget, Refused } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Ledger, type ProjectRow, Projects, Settings, SpendDays, type StoreError } from "@lich/store"
import { Clock, Context, Effect, Layer, Option } from "effect"
import { CostLedger } from "./CostLedger.js"
import { type Caps, refusal } from "./caps.js"
import { PlanReadings } from "./PlanReadings.js"
import { costReport } from "./report.js"
import { dayOf, sinceMidnight } from "./spend.js"

/** Settings › Budgets, per project: dollars per local day, and a percent of any plan window. */
export const DAY_CAP_KEY = "budget.day_usd"
export const WINDOW_CEILING_KEY = "budget.window_percent"

export interface SpendGateShape {
  /** Lets new work of `kind` into the project in, or refuses it with the cap's line (and tells the windows). */
  readonly admit: (projectId: string, kind: string) => Effect.Effect<void, Refused>
  /** The project's caps and where it stands, against the worst of the given accounts. */
  readonly standing: (project: ProjectRow, accounts: ReadonlyArray<AccountWindows>) => Effect.Effect<ProjectBudget, StoreError>
  readonly caps: (projectId: string) => Effect.Effect<Caps, StoreError>
}

export class SpendGate extends Context.Tag("lich/cost/SpendGate")<SpendGate, SpendGateShape>() {
  static readonly layer = Layer.effect(
    SpendGate,
    Effect.suspend(() => make)
  )
}

/** A stored cap read back; anything that is not a positive number is no cap (it could only refuse wrongly). */
const capOf = (v: Option.Option<string>): number | undefined => {
  const n = Option.match(v, { onNone: () => Number.NaN, onSome: Number })
  return Number.isFinite(n) && n > 0 ? n : undefined
}

/** Today's spend and how many of the project's sessions today are unpriced; read fresh only under a day cap. */
const todayOf = (costs: CostLedger["Type"], days: SpendDays["Type"], ledger: Ledger["Type"]) => (projectId: string, fresh: boolean) =>
  Effect.gen(function* () {
    if (fresh) yield* costs.scan()
    const now = yield* Clock.currentTimeMillis
    const spent = Math.max(0, yield* days.get(projectId, dayOf(now)))
    // A shell spends nothing: counting it unpriced would call every total a lower bound.
    const mine = (yield* ledger.sessions()).filter((s) => s.projectId === projectId && s.kind !== "shell")
    const r = costReport(mine, { project: "", provider: "", sinceMs: sinceMidnight(now) || 1, now }, true)
    return { spent, unpriced: r._tag === "report" ? r.report.unpriced : 0, now }
  })

const make = Effect.gen(function* () {
  const settings = yield* Settings
  const projects = yield* Projects
  const ledger = yield* Ledger
  const days = yield* SpendDays
  const costs = yield* CostLedger
  const readings = yield* PlanReadings
  const hub = yield* EventHub

  const caps = (projectId: string) =>
    Effect.map(
      Effect.all([settings.get(DAY_CAP_KEY, projectId), settings.get(WINDOW_CEILING_KEY, projectId)]),
      ([day, ceiling]): Caps => ({ dayUsd: capOf(day), windowPercent: capOf(ceiling) })
    )

  const today = todayOf(costs, days, ledger)

  const standing = (project: ProjectRow, accounts: ReadonlyArray<AccountWindows>) =>
    Effect.gen(function* () {
      const c = yield* caps(project.id)
      const t = yield* today(project.id, c.dayUsd !== undefined)
      const lines = (accounts.length === 0 ? [undefined] : accounts).map((account) =>
        refusal({ project: project.name, caps: c, spentTodayUsd: t.spent, unpriced: t.unpriced, account, now: t.now })
      )
      return new ProjectBudget({
        projectId: project.id,
        project: project.name,
        ...(c.dayUsd === undefined ? {} : { dayUsd: c.dayUsd }),
        ...(c.windowPercent === undefined ? {} : { windowPercent: c.windowPercent }),
        spentTodayUsd: t.spent,
        unpriced: t.unpriced,
        over: lines.find((l) => l !== undefined) ?? ""
      })
    })

  const admit = (projectId: string, kind: string) =>
    Effect.gen(function* () {
      const c = yield* caps(projectId)
      if (c.dayUsd === undefined && c.windowPercent === undefined) return
      const project = yield* projects.get(projectId)
      if (Option.isNone(project)) return
      const t = yield* today(projectId, c.dayUsd !== undefined)
      const account = yield* readings.forKind(kind)
      const line = refusal({ project: project.value.name, caps: c, spentTodayUsd: t.spent, unpriced: t.unpriced, account, now: t.now })
      if (line === undefined) return
      yield* hub.publish({ _tag: "budget-refused", projectId, project: project.value.name, line })
      return yield* new Refused({ message: line })
    }).pipe(
      // The gate is a guard, not a failure point: a store that cannot answer lets the work through, said in the log.
      Effect.catchTag("StoreError", (e) => Effect.logWarning(`budgets: ${e.message} — new work let through unchecked`))
    )

  return SpendGate.of({ admit, standing, caps })
})
