/**
 * `lich rage [--output <path>]`: a bug report from this machine into one tar.gz, for the failures
 * lich cannot report on itself (a window that never opened, a window that froze). Needs no running
 * lich — whether one runs and answers is one of the facts. Never opens the store; uploads nothing.
 */

import { execFileSync } from "node:child_process"
import * as os from "node:os"
import * as path from "node:path"
import { DiagnosticReport, ErrandList, RAGE_ERRANDS, reducedForReport } from "@lich/contract"
import { type Answer, defaultName, envText, findInstance, listDir, logFiles, providerFacts, tail, whichOn, writeBundle } from "@lich/doctor"
import { probeConfinement } from "@lich/sandbox"
import { configDir, coordinates, Loopback, logFile, readRuntime } from "@lich/singleton"
import { Data, Effect, Schema } from "effect"
// The launch's own browser rule, as doctor uses it.
import { findBrowser } from "../../../server/src/window/browser.js"
import { cliVersion } from "../cliVersion.js"
import { stdout } from "../output.js"
import { platformOf } from "../render/doctor.js"
import { renderRageLines, renderReportMd } from "../render/rage.js"
import type { Values } from "../spec.js"

/** The archive could not be written. Exit 1. */
export class RageFailed extends Data.TaggedError("Failed")<{ readonly message: string }> {}

const decodeReport = Schema.decodeUnknownEither(Schema.parseJson(DiagnosticReport))

/**
 * Asks for system.Diagnostics: refused when nothing listens, silent when the connection broke or the
 * deadline passed (a stopped lich still accepts the connection), and any other answer kept as text.
 */
export const askDiagnostics = async (port: number, token: string, timeoutMs: number): Promise<Answer> => {
  const outcome = await Loopback.call({ port, token }, "/rpc/system.Diagnostics", { timeoutMs })
  if (outcome._tag === "down") return { _tag: "refused" }
  if (outcome._tag === "lost") return { _tag: "silent" }
  const report = outcome.status === 200 ? decodeReport(outcome.body) : undefined
  return report?._tag === "Right"
    ? { _tag: "answered", pid: report.right.pid, report: report.right.report }
    : { _tag: "answered", pid: 0, report: `lich answered ${outcome.status}: ${outcome.body}\n` }
}

const decodeErrands = Schema.decodeUnknownEither(Schema.parseJson(ErrandList))

/**
 * The relay's last RAGE_ERRANDS errands, a JSON record a line, each with its prompt and answer
 * reduced to their lengths (reducedForReport): the path errands took is the report, not their words.
 * Undefined when the lich did not answer with them; the report goes on without.
 */
export const askErrands = async (port: number, token: string): Promise<string | undefined> => {
  const body = JSON.stringify({ from: "", project: "", session: "", sinceMs: 0, limit: RAGE_ERRANDS })
  const outcome = await Loopback.call({ port, token }, "/rpc/relay.Errands", { timeoutMs: 5_000, body })
  if (outcome._tag !== "reply" || outcome.status !== 200) return undefined
  const list = decodeErrands(outcome.body)
  return list._tag === "Right" ? list.right.records.map((r) => JSON.stringify(reducedForReport(r))).join("\n") : undefined
}

const quietly = <A>(f: () => A): A | undefined => {
  try {
    return f()
  } catch {
    return undefined
  }
}

/** 2 s: `git describe` in a checkout answers in milliseconds; a hung git must not hold the report. */
const GIT_TIMEOUT_MS = 2_000

/** The revision this lich was built from, when it runs from a git checkout (a clone, a dev build). */
const buildOf = (self: string): string => {
  const root = path.dirname(path.dirname(self))
  try {
    const rev = execFileSync("git", ["-C", root, "describe", "--always", "--dirty"], {
      timeout: GIT_TIMEOUT_MS,
      stdio: ["ignore", "pipe", "ignore"]
    })
    return `git ${rev.toString().trim()} (${root})`
  } catch {
    return `not a git checkout (${root})`
  }
}

export const rage = (v: Values) =>
  Effect.gen(function* () {
    const output = v.text("output")
    const env = process.env
    const at = new Date()
    const coords = quietly(() => coordinates(env))
    const instance = yield* Effect.promise(() => findInstance(env, coords, askDiagnostics))
    const found = findBrowser("", env.PATH ?? "")
    const confinement = yield* probeConfinement({ env, ...(env.HOME ? { home: env.HOME } : {}) })
    const logs = logFiles(env).flatMap((f) => tail(f) ?? [])
    const report = {
      version: cliVersion(),
      node: process.version,
      build: buildOf(env.LICH_SELF ?? process.argv[1] ?? ""),
      platform: platformOf(),
      kernel: os.release(),
      at,
      instance,
      configDir: configDir(env),
      log: logFile(env),
      browser: found.ok ? found.file : found.reason,
      confinement: `${confinement._tag === "Confines" ? "yes" : "no"} — ${confinement.detail}`,
      providers: providerFacts(env, (n) => whichOn(env.PATH ?? "", n)),
      configEntries: listDir(configDir(env)),
      logs
    }
    const errands =
      instance._tag === "running" && coords !== undefined ? yield* Effect.promise(() => askErrands(coords.port, coords.token)) : undefined
    const file = output === "" ? defaultName(at) : output
    const tokens = [coords?.token, quietly(() => readRuntime(env))?.token].filter((t): t is string => t !== undefined)
    yield* Effect.try({
      try: () =>
        writeBundle(file, {
          reportMd: renderReportMd(report),
          envTxt: envText(env),
          logs,
          instance,
          tokens,
          ...(errands === undefined ? {} : { errands })
        }),
      catch: (e) => new RageFailed({ message: `could not write ${file}: ${e instanceof Error ? e.message : String(e)}` })
    })
    yield* stdout(renderRageLines(file, report))
  })
