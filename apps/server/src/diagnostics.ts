/**
 * The backend's answer to `system.Diagnostics`: where it is and what it holds, for a bug report
 * about a window that stopped updating. Node has one JS thread, so its report's JS stack is this
 * handler's own; what says where lich is stuck is the rest — libuv's open handles (sockets, PTYs,
 * timers), resource use, and Effect's fibers with what each is suspended on. Credentials never
 * leave: environment values under a secret-looking name become <SET>, and the token is masked by
 * value and by shape over the whole text.
 */
import { DiagnosticReport } from "@lich/contract"
import { redact, SECRET_NAME } from "@lich/doctor/redact"
import { Effect, Fiber } from "effect"

/** 2000 fibers: a busy backend has a few per session; past that the list says enough already. */
const MAX_FIBERS = 2000

const maskEnv = (env: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, SECRET_NAME.test(k) ? (v === "" ? "<UNSET>" : "<SET>") : v]))

/** Every live fiber under the roots, breadth first, as Effect prints one (id, status, trace). */
const fibers = Effect.gen(function* () {
  const out: Array<string> = []
  const queue = [...(yield* Fiber.roots)]
  while (queue.length > 0 && out.length < MAX_FIBERS) {
    const f = queue.shift()!
    out.push(yield* Fiber.pretty(f))
    queue.push(...(yield* Fiber.children(f)))
  }
  return out
})

export const diagnostics = (token: string) =>
  Effect.gen(function* () {
    const fibersText = yield* fibers
    const node = process.report.getReport() as unknown as Record<string, unknown>
    const env = node.environmentVariables
    const report = {
      fibers: fibersText,
      node: { ...node, ...(env && typeof env === "object" ? { environmentVariables: maskEnv(env as Record<string, unknown>) } : {}) }
    }
    return new DiagnosticReport({ pid: process.pid, report: redact(JSON.stringify(report, null, 2), [token]) })
  })
