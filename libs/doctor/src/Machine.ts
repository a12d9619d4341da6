/**
 * What the doctor reads of this machine, as one seam. The real one (`machine`) touches the real
 * file system, port and kernel; a test hands in `healthy()` with exactly one field broken. Every
 * path is resolved from `env` the way a launch resolves it (libs/singleton), so a check can never
 * look somewhere a launch would not.
 */

import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import { HealthReport } from "@lich/contract"
import { type ProbeResult, probeConfinement } from "@lich/sandbox"
import { type Env, Loopback, type Probe, pidAlive, probeRunning } from "@lich/singleton"
import { StoreLive } from "@lich/store"
import { Effect, Either, Layer, Schema } from "effect"
import { whichOn } from "./files.js"

export type BrowserAnswer = { readonly ok: true; readonly file: string } | { readonly ok: false; readonly reason: string }

export interface Machine {
  readonly env: Env
  readonly platform: NodeJS.Platform
  /** Creates the directory (0700) and tightens it, as a launch does; throws why it cannot. */
  readonly mkdir: (dir: string) => void
  readonly writeFile: (file: string) => void
  readonly remove: (file: string) => void
  /** Opens the log for appending (0600), creating it empty if missing, and closes it. */
  readonly openLog: (file: string) => void
  /** The runtime file and a ping behind its token: is a lich running? */
  readonly instance: () => Promise<Probe>
  /** Whether a process with this pid exists (a lich recorded in the runtime file that stopped answering). */
  readonly alive: (pid: number) => boolean
  /** Binds 127.0.0.1:port and releases it at once; the error when it cannot. */
  readonly bind: (port: number) => Promise<NodeJS.ErrnoException | undefined>
  /** What the running lich says is wrong with its store (`system.Health`); "" when nothing, or no answer. */
  readonly storeProblem: (port: number, token: string) => Promise<string>
  /** Opens and migrates the store at `file`, creating it, then closes it; the reason when it cannot. */
  readonly openStore: (file: string) => Effect.Effect<void, string>
  readonly findBrowser: (pinned: string, pathEnv: string) => BrowserAnswer
  /** The executable a name resolves to on PATH (or the absolute path itself), undefined when none. */
  readonly which: (name: string) => string | undefined
  /** What `<git> --version` prints (e.g. "git version 2.39.5"); "" when it does not answer. */
  readonly gitVersion: (git: string) => string
  readonly confinement: () => Effect.Effect<ProbeResult>
  /**
   * lich's plugin installs for the harnesses that take one (libs/integrations), as the command
   * reads them; absent where nobody asked (the check then says nothing of them).
   */
  readonly plugins?: () => ReadonlyArray<PluginBrief>
}

/** One harness's plugin install, as the providers row words it. */
export interface PluginBrief {
  readonly provider: string
  readonly installed: boolean
  readonly current: boolean
}

/** 0700 and 0600: the config dir and the files in it hold the loopback token's neighbours. */
const DIR_MODE = 0o700
const FILE_MODE = 0o600

const bindOnce = (port: number) =>
  new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    const server = net.createServer()
    server.once("error", (e: NodeJS.ErrnoException) => resolve(e))
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(undefined)))
  })

/** 1 s, the ping's bound: a lich that answered the ping answers this in milliseconds. */
const HEALTH_TIMEOUT_MS = 1_000

const decodeHealth = Schema.decodeUnknownEither(Schema.parseJson(HealthReport))

/** The store's problem as the running lich says it; "" when none, or no answer in the contract's shape. */
const askHealth = async (port: number, token: string): Promise<string> => {
  const outcome = await Loopback.call({ port, token }, "/rpc/system.Health", { timeoutMs: HEALTH_TIMEOUT_MS })
  if (outcome._tag !== "reply" || outcome.status !== 200) return ""
  return Either.match(decodeHealth(outcome.body), { onLeft: () => "", onRight: (h) => h.store })
}

const describe = (e: unknown): string =>
  e && typeof e === "object" && "message" in e && typeof e.message === "string" ? e.message : String(e)

/** The real machine. `findBrowser` is handed in: it is the launch's own rule, owned by apps/server. */
export const machine = (env: Env, findBrowser: Machine["findBrowser"], plugins?: Machine["plugins"]): Machine => ({
  env,
  ...(plugins === undefined ? {} : { plugins }),
  platform: process.platform,
  mkdir: (dir) => {
    fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE })
    fs.chmodSync(dir, DIR_MODE)
  },
  writeFile: (file) => fs.writeFileSync(file, "lich doctor\n", { mode: FILE_MODE }),
  remove: (file) => fs.rmSync(file),
  openLog: (file) => fs.closeSync(fs.openSync(file, "a", FILE_MODE)),
  instance: () => probeRunning(env),
  alive: pidAlive,
  bind: bindOnce,
  storeProblem: askHealth,
  openStore: (file) =>
    Effect.scoped(Layer.build(StoreLive(file))).pipe(
      Effect.asVoid,
      Effect.mapError((e) => e.message),
      Effect.catchAllDefect((d) => Effect.fail(describe(d)))
    ),
  findBrowser,
  which: (name) => whichOn(env.PATH ?? "", name),
  gitVersion: (git) => {
    try {
      // 2 s: `git --version` answers in milliseconds; a wedged binary must not hang the report.
      return execFileSync(git, ["--version"], { encoding: "utf8", timeout: 2_000, stdio: ["ignore", "pipe", "ignore"] }).trim()
    } catch {
      return ""
    }
  },
  confinement: () => probeConfinement({ env, ...(env.HOME ? { home: env.HOME } : {}) })
})
