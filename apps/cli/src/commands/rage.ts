/**
 * `lich rage [--output <path>]`: a bug report from this machine into one tar.gz, for the failures
 * lich cannot report on itself (a window that never opened, a window that froze). Needs no running
 * lich — whether one runs and answers is one of the facts. Never opens the store; uploads nothing.
 */

import { execFileSync } from "node:child_process"
import * as http from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { Command, Options } from "@effect/cli"
import { type Answer, defaultName, envText, findInstance, listDir, logFiles, providerFacts, tail, whichOn, writeBundle } from "@lich/doctor"
import { probeConfinement } from "@lich/sandbox"
import { configDir, coordinates, logFile, readRuntime } from "@lich/singleton"
import { Data, Effect } from "effect"
// The launch's own browser rule, as doctor uses it.
import { findBrowser } from "../../../server/src/window/browser.js"
import { stdout } from "../output.js"
import { platformOf } from "../render/doctor.js"
import { renderRageLines, renderReportMd } from "../render/rage.js"
import { cliVersion } from "./version.js"

/** The archive could not be written. Exit 1. */
export class RageFailed extends Data.TaggedError("Failed")<{ readonly message: string }> {}

/** POSTs system.Diagnostics; a hard timer, not a socket idle timeout, bounds a lich that is stopped. */
export const askDiagnostics = (port: number, token: string, timeoutMs: number): Promise<Answer> =>
  new Promise((resolve) => {
    let settled = false
    const settle = (a: Answer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.destroy()
      resolve(a)
    }
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/rpc/system.Diagnostics?token=${encodeURIComponent(token)}`,
        agent: false,
        headers: { "content-type": "application/json" }
      },
      (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (d: Buffer) => chunks.push(d))
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8")
          try {
            const j = JSON.parse(body) as { pid?: unknown; report?: unknown }
            if (res.statusCode === 200 && typeof j.pid === "number" && typeof j.report === "string")
              return settle({ _tag: "answered", pid: j.pid, report: j.report })
          } catch {
            // not JSON: reported as the answer it was
          }
          settle({ _tag: "answered", pid: 0, report: `lich answered ${res.statusCode}: ${body}\n` })
        })
      }
    )
    const timer = setTimeout(() => settle({ _tag: "silent" }), timeoutMs)
    req.on("error", (e: NodeJS.ErrnoException) => settle(e.code === "ECONNREFUSED" ? { _tag: "refused" } : { _tag: "silent" }))
    req.end("{}")
  })

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

const outputFlag = Options.text("output").pipe(
  Options.withDescription("where to write the archive (default ./lich-rage-<timestamp>.tar.gz)"),
  Options.withDefault("")
)

export const rage = Command.make("rage", { output: outputFlag }, ({ output }) =>
  Effect.gen(function* () {
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
    const file = output === "" ? defaultName(at) : output
    const tokens = [coords?.token, quietly(() => readRuntime(env))?.token].filter((t): t is string => t !== undefined)
    yield* Effect.try({
      try: () => writeBundle(file, { reportMd: renderReportMd(report), envTxt: envText(env), logs, instance, tokens }),
      catch: (e) => new RageFailed({ message: `could not write ${file}: ${e instanceof Error ? e.message : String(e)}` })
    })
    yield* stdout(renderRageLines(file, report))
  })
).pipe(Command.withDescription("Collect a bug report from this machine into a tar.gz; nothing is uploaded."))
