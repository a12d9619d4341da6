/**
 * The nine checks, in the order a launch meets them: home, log, listener, store, browser,
 * providers, sandbox, git, gh. Each answers ok / warn / fail / skip with one line a person can act
 * on; only a fail means lich would not start (the contract's table, docs/doctor.md). Two of them do
 * what a launch does on purpose — create the config dir and an empty log, and open (creating) the
 * store — but the store only when no lich runs: a second process migrating it is not a price a
 * diagnosis may charge. No check needs a TTY, a running lich or the network.
 */

import * as path from "node:path"
import { providers, resolveBinary } from "@lich/providers"
import { configDir, dbFile, listenPort, logFile, type Probe } from "@lich/singleton"
import { Effect } from "effect"
import { type CheckResult, type Finding, fail, ok, type Report, skip, timed, warn } from "./Check.js"
import type { Machine } from "./Machine.js"

/** The probe file home writes and removes: its name says who left it, should removal fail. */
export const PROBE_FILE = ".doctor-probe"

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e))

const attempt = (f: () => void): string | undefined => {
  try {
    f()
    return undefined
  } catch (e) {
    return reason(e)
  }
}

export const home = (m: Machine): Effect.Effect<Finding> =>
  Effect.sync(() => {
    const dir = configDir(m.env)
    const probe = path.join(dir, PROBE_FILE)
    const broken = attempt(() => m.mkdir(dir)) ?? attempt(() => m.writeFile(probe))
    if (broken !== undefined) return fail(`${dir} cannot be created or written to: ${broken}`)
    const stuck = attempt(() => m.remove(probe))
    return stuck === undefined ? ok(`${dir} is writable`) : warn(`${dir} is writable, but ${probe} could not be removed: ${stuck}`)
  })

export const log = (m: Machine): Effect.Effect<Finding> =>
  Effect.sync(() => {
    const file = logFile(m.env)
    const broken = attempt(() => m.openLog(file))
    return broken === undefined ? ok(file) : warn(`${file} will not open (${broken}) — lich would log to stderr only`)
  })

const heldBy = (probe: Probe, port: number): number | undefined =>
  probe.state === "running" && probe.runtime.port === port ? probe.runtime.pid : undefined

export const listener = (m: Machine, probe: Probe): Effect.Effect<Finding> =>
  Effect.gen(function* () {
    let port: number
    try {
      port = listenPort(m.env)
    } catch (e) {
      return fail(reason(e))
    }
    const error = yield* Effect.promise(() => m.bind(port))
    if (error === undefined) return ok(`port ${port} is free`)
    const pid = heldBy(probe, port)
    if (pid !== undefined) return ok(`port ${port} is held by the running lich (pid ${pid})`)
    if (probe.state === "stale" && probe.runtime.port === port && m.alive(probe.runtime.pid)) {
      return fail(
        `port ${port} is held by lich (pid ${probe.runtime.pid}), which does not answer — run lich rage while it is stuck, then end it`
      )
    }
    return error.code === "EADDRINUSE"
      ? fail(`port ${port} is taken by another program — stop it, or set LICH_LISTEN_PORT to a free port`)
      : fail(`port ${port} cannot be bound: ${error.message}`)
  })

export const store = (m: Machine, probe: Probe): Effect.Effect<Finding> => {
  if (probe.state === "running") {
    // Not ours to open; but the lich holding it can say why its changes are not being saved.
    const { pid, port, token } = probe.runtime
    return Effect.map(
      Effect.promise(() => m.storeProblem(port, token)),
      (problem) =>
        problem === ""
          ? skip(`held by the running lich (pid ${pid})`)
          : warn(`held by the running lich (pid ${pid}), which cannot save: ${problem}`)
    )
  }
  // A recorded lich that is alive but silent still has the database open: not ours to migrate either.
  if (probe.state === "stale" && m.alive(probe.runtime.pid))
    return Effect.succeed(skip(`held by lich (pid ${probe.runtime.pid}), which does not answer`))
  const file = dbFile(m.env)
  return m.openStore(file).pipe(
    Effect.as(ok(file)),
    Effect.catchAll((why) => Effect.succeed(fail(why)))
  )
}

/**
 * What bare `lich` would open: the first Chromium-family browser on PATH, the launch's own rule.
 * A --shell pin is per launch and not an environment doctor can see, so it is not consulted.
 */
export const browser = (m: Machine): Effect.Effect<Finding> =>
  Effect.sync(() => {
    const found = m.findBrowser("", m.env.PATH ?? "")
    return found.ok ? ok(found.file) : fail(found.reason)
  })

/** Shell is not counted: it is always there, and a shell session is not what a provider offers. */
const agents = providers.filter((p) => p.id !== "shell")

/** The found harnesses whose plugin install names another lich release or binary. */
const stale = (m: Machine, found: ReadonlyArray<string>) =>
  (m.plugins?.() ?? []).filter((p) => found.includes(p.provider) && p.installed && !p.current).map((p) => p.provider)

/**
 * What the row says of lich's plugin for the found harnesses that take one: which have none and
 * which are out of date. lich installs nothing unasked, so a missing install is said, not fixed.
 */
const pluginNote = (m: Machine, found: ReadonlyArray<string>): string => {
  const briefs = (m.plugins?.() ?? []).filter((p) => found.includes(p.provider))
  const missing = briefs.filter((p) => !p.installed).map((p) => p.provider)
  const old = stale(m, found)
  const parts = [
    ...(missing.length === 0 ? [] : [`lich plugin not installed for ${missing.join(", ")}`]),
    ...(old.length === 0 ? [] : [`out of date for ${old.join(", ")}`])
  ]
  return parts.length === 0 ? "" : ` — ${parts.join("; ")} (lich plugin install|update <provider>)`
}

export const providersOnPath = (m: Machine): Effect.Effect<Finding> =>
  Effect.sync(() => {
    const found = agents.filter((p) => m.which(resolveBinary(p.id, { env: m.env })) !== undefined).map((p) => p.id)
    if (found.length === 0) {
      return warn(`none of ${agents.length} on PATH (${agents.map((p) => p.id).join(", ")}): the window opens, but no session can spawn`)
    }
    const line = `${found.length} of ${agents.length} on PATH: ${found.join(", ")}${pluginNote(m, found)}`
    if (stale(m, found).length > 0) return warn(line)
    // lich's hook scripts post with curl and read fields with jq: without curl a Claude Code or Codex
    // session reports no state at all, without jq its reports lose the tool detail, reason and title.
    if (!found.some((id) => id === "claude" || id === "codex")) return ok(line)
    if (m.which("curl") === undefined)
      return warn(`${line} — curl is not on PATH, so their sessions report no state (lich's hook scripts need it)`)
    if (m.which("jq") === undefined) return ok(`${line} (no jq: state reports arrive without tool details, waiting reasons and titles)`)
    return ok(line)
  })

export const sandbox = (m: Machine): Effect.Effect<Finding> => {
  if (m.platform !== "linux") return Effect.succeed(skip(`no sandbox backend on ${m.platform}`))
  return Effect.map(m.confinement(), (r) => {
    switch (r._tag) {
      case "Confines":
        return ok(r.detail)
      case "Unavailable":
        return warn(`${r.detail} — a session opened with the sandbox on will not start`)
      case "Leaks":
        return warn(`${r.detail} — a session marked confined would run on the machine`)
    }
  })
}

const tool =
  (name: string, missing: string) =>
  (m: Machine): Effect.Effect<Finding> =>
    Effect.sync(() => {
      const file = m.which(name)
      return file === undefined ? warn(`not on PATH: ${missing}`) : ok(file)
    })

/**
 * git, and whether it is new enough for the base standing: `merge-tree --write-tree` (git 2.38) is
 * how lich tells whether a branch would conflict with its base without touching a checkout.
 */
export const git = (m: Machine): Effect.Effect<Finding> =>
  Effect.sync(() => {
    const file = m.which("git")
    if (file === undefined) return warn("not on PATH: branches, diffs and worktrees stay empty")
    const said = m.gitVersion(file)
    const v = /git version (\d+)\.(\d+)/.exec(said)
    if (v && (Number(v[1]) < 2 || (Number(v[1]) === 2 && Number(v[2]) < 38))) {
      return warn(
        `${file} is ${said.replace("git version ", "git ")}, older than 2.38: base standing cannot tell whether a branch would conflict`
      )
    }
    return ok(file)
  })
export const gh = tool("gh", "pull requests, checks and PR checkouts are unavailable")

/** The walk: every check in boot order, each timed, the instance asked once for listener and store. */
export const diagnose: (m: Machine) => Effect.Effect<Report> = Effect.fn("Doctor.diagnose")(function* (m: Machine) {
  const start = performance.now()
  const checks: Array<CheckResult> = []
  checks.push(yield* timed("home", home(m)))
  checks.push(yield* timed("log", log(m)))
  // The probe belongs to the listener's time: it is how the listener check tells lich from a stranger.
  let probe: Probe = { state: "none" }
  const asked = Effect.tap(
    // An unreadable runtime file is not a running lich; home has already said why the dir is bad.
    Effect.promise(() => m.instance().catch((): Probe => ({ state: "none" }))),
    (p) => {
      probe = p
    }
  )
  checks.push(
    yield* timed(
      "listener",
      Effect.flatMap(asked, (p) => listener(m, p))
    )
  )
  checks.push(
    yield* timed(
      "store",
      Effect.suspend(() => store(m, probe))
    )
  )
  checks.push(yield* timed("browser", browser(m)))
  checks.push(yield* timed("providers", providersOnPath(m)))
  checks.push(yield* timed("sandbox", sandbox(m)))
  checks.push(yield* timed("git", git(m)))
  checks.push(yield* timed("gh", gh(m)))
  return { checks, totalMs: performance.now() - start }
})
