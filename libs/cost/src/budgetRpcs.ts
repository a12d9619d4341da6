/**
 * The `system.` budget procedures over the gate: the window's Settings › Budgets and footer read
 * `Budgets`, raise or lift a cap with `SetBudget` (one click: a cap sent as null is lifted), and
 * `open --prompt` asks `Admit` before it opens anything.
 */
import { type AdmitPayload, BudgetRpcs, BudgetsReport, Failed, NotFound, type SetBudgetPayload } from "@lich/contract"
import { type ProjectRow, Projects, Sessions, Settings, type StoreError } from "@lich/store"
import { Effect, Option } from "effect"
import { PlanReadings } from "./PlanReadings.js"
import { DAY_CAP_KEY, SpendGate, WINDOW_CEILING_KEY } from "./SpendGate.js"

const failed = (e: StoreError) => new Failed({ message: e.message })

/** A project by the absolute path of its directory, or by name among the open ones (exactly one). */
const findProject = (projects: Projects["Type"], project: string) =>
  Effect.gen(function* () {
    if (project.startsWith("/")) return Option.getOrUndefined(yield* projects.findByPath(project))
    const hits = yield* projects.findByName(project)
    return hits.length === 1 ? hits[0] : undefined
  })

export const BudgetHandlers = BudgetRpcs.toLayer(
  Effect.gen(function* () {
    const gate = yield* SpendGate
    const readings = yield* PlanReadings
    const projects = yield* Projects
    const sessions = yield* Sessions
    const settings = yield* Settings

    const standingOf = (p: ProjectRow) => Effect.flatMap(readings.all, (accounts) => gate.standing(p, accounts))

    const report = Effect.fn("system.Budgets")(function* () {
      const open = yield* projects.listOpen()
      return new BudgetsReport({ projects: yield* Effect.forEach(open, standingOf), accounts: yield* readings.all })
    }, Effect.mapError(failed))

    const setCap = (key: string, value: number | null, projectId: string) =>
      value === null ? Effect.asVoid(settings.remove(key, projectId)) : settings.set(key, String(value), projectId)

    const set = Effect.fn("system.SetBudget")(function* (p: SetBudgetPayload) {
      const found = yield* findProject(projects, p.project.trim()).pipe(Effect.mapError(failed))
      if (found === undefined) {
        return yield* new NotFound({ what: "project", name: p.project, message: `no open project named "${p.project}"` })
      }
      yield* Effect.all([setCap(DAY_CAP_KEY, p.dayUsd, found.id), setCap(WINDOW_CEILING_KEY, p.windowPercent, found.id)]).pipe(
        Effect.mapError(failed)
      )
      return yield* standingOf(found).pipe(Effect.mapError(failed))
    })

    const admit = Effect.fn("system.Admit")(
      function* (p: AdmitPayload) {
        const caller = p.from === "" ? undefined : Option.getOrUndefined(yield* sessions.get(p.from))
        const projectId = p.project.trim() === "" ? caller?.projectId : (yield* findProject(projects, p.project.trim()))?.id
        // No project to speak of: spawn.Open refuses that in its own words.
        if (projectId === undefined) return
        yield* gate.admit(projectId, p.kind !== "" ? p.kind : (caller?.kind ?? "claude"))
      },
      Effect.catchTag("StoreError", (e) => Effect.fail(failed(e)))
    )

    return BudgetRpcs.of({ "system.Budgets": report, "system.SetBudget": set, "system.Admit": admit })
  })
)
