/**
 * A real lich backend whose Claude Code sessions run the real, pinned Claude Code against our mock
 * Messages API, fully offline. Everything Claude Code would otherwise ask a person or the network for
 * is settled in a throwaway HOME before any session starts:
 *   - ~/.claude.json: onboarding done (else it goes looking for the real API), a dark theme, the nudges
 *     seen, and trust for each project the test marks trusted (else the "trust this folder?" dialog
 *     eats the first task);
 *   - ~/.claude/settings.json: an explicit permission mode, because the default one asks a server-side
 *     classifier the mock does not have. Bash and lich's MCP tools are allowed; everything else still
 *     asks, which is how a test gets a permission prompt on purpose.
 * lich's argv is never touched: these are sessions `lich open --kind claude` starts, exactly as a user's.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { type Backend, startBackend } from "../harness.js"
import { type LichEvent, subscribeEvents } from "./events.js"
import { MockAnthropic } from "./mockAnthropic.js"
import { CLAUDE, ensureCli } from "./providers.js"
import { attachTerminal, type Terminal } from "./terminal.js"

export interface Opened {
  readonly id: string
  readonly label: string
  readonly name: string
}

export type { LichEvent }

export interface ClaudeRig {
  readonly b: Backend
  readonly mock: MockAnthropic
  readonly claude: string
  /** The project folders asked for at start, by name. */
  readonly dirs: Readonly<Record<string, string>>
  /** `lich open --project <dir> --kind claude --json`. */
  readonly open: (dir: string) => Promise<Opened>
  /** The first /events event (already seen, or still to come) that passes `test`. */
  readonly event: (test: (e: LichEvent) => boolean) => Promise<LichEvent>
  /** The session's terminal over /ws, as the window attaches to it: keystrokes in, bytes out. */
  readonly terminal: (id: string) => Promise<Terminal>
  /** A scratch folder outside every project (a place Claude Code must ask before writing to). */
  readonly scratch: string
  readonly stop: () => Promise<void>
}

/** The variables that keep Claude Code on the mock and off the network; `over` replaces any of them. */
const claudeEnv = (mock: MockAnthropic, scratch: string, over: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ANTHROPIC_BASE_URL: mock.url,
  // Any value: the mock does not check it. It travels in the environment, never in argv.
  ANTHROPIC_AUTH_TOKEN: "e2e-offline",
  DISABLE_TELEMETRY: "1",
  DISABLE_ERROR_REPORTING: "1",
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  DISABLE_AUTOUPDATER: "1",
  // Without it Claude Code tries to clone the official marketplace from GitHub at start.
  CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
  TMPDIR: path.join(scratch, "tmp"),
  CLAUDE_CODE_TMPDIR: path.join(scratch, "tmp"),
  XDG_RUNTIME_DIR: path.join(scratch, "run"),
  ...over
})

const writeClaudeHome = (home: string, trusted: ReadonlyArray<string>) => {
  const projects = Object.fromEntries(trusted.map((dir) => [dir, { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true }]))
  fs.writeFileSync(
    path.join(home, ".claude.json"),
    JSON.stringify(
      { hasCompletedOnboarding: true, theme: "dark", hasSeenAutoDefaultNudge: true, bypassPermissionsModeAccepted: false, projects },
      null,
      1
    )
  )
  fs.mkdirSync(path.join(home, ".claude"), { recursive: true })
  fs.writeFileSync(
    path.join(home, ".claude", "settings.json"),
    JSON.stringify({ permissions: { defaultMode: "acceptEdits", allow: ["Bash", "mcp__lich"] } }, null, 1)
  )
}

/**
 * `projects` maps a project folder's name to whether Claude Code already trusts it. They are all made
 * before any session starts because Claude Code rewrites ~/.claude.json itself once it runs.
 */

/** `env`: the backend's environment over the rig's own (a test replacing ANTHROPIC_AUTH_TOKEN, say). */
export const startClaudeRig = async (projects: Readonly<Record<string, boolean>>, env: NodeJS.ProcessEnv = {}): Promise<ClaudeRig> => {
  const claude = ensureCli(CLAUDE)
  const mock = await new MockAnthropic().start()
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lich-e2e-"))
  for (const d of ["tmp", "run", "outside"]) fs.mkdirSync(path.join(scratch, d), { recursive: true, mode: 0o700 })
  // A plugin dir of the developer's own would load into every session beside lich's.
  // CI=true (set by CI runners) is not in a user's launch environment, and Claude Code changes with it:
  // under it, its folder-trust dialog ignored the arrow key in lich's PTY (measured), so it is left out.
  const b = await startBackend({
    ...claudeEnv(mock, scratch, env),
    LICH_CLAUDE_BIN: claude,
    CLAUDE_CODE_PLUGIN_DIRS: undefined,
    LICH_MOD_GRACE_MS: undefined,
    CI: undefined
  })
  // A backend that dies under a test would otherwise leave only "no lich is running" behind: keep its
  // last words and its log, and print them when it exits before stop() asked it to.
  let stopping = false
  let stderr = ""
  b.process.stderr!.on("data", (d) => (stderr = (stderr + String(d)).slice(-8000)))
  b.process.once("exit", (code, signal) => {
    if (stopping) return
    let log = ""
    try {
      log = fs.readFileSync(path.join(b.env.XDG_CONFIG_HOME!, "lich", "lich.log"), "utf8").slice(-8000)
    } catch {
      // no log written
    }
    console.error(`e2e: the backend exited under the suite (code ${code}, signal ${signal})\n${stderr}\n--- lich.log ---\n${log}`)
  })
  const dirs = Object.fromEntries(Object.keys(projects).map((name) => [name, b.project(name)]))
  writeClaudeHome(
    b.env.HOME!,
    Object.keys(projects)
      .filter((n) => projects[n])
      .map((n) => dirs[n]!)
  )
  const events = await subscribeEvents(b)
  return {
    b,
    mock,
    claude,
    scratch: path.join(scratch, "outside"),
    dirs,
    open: async (dir) => {
      const r = await b.lich(["open", "--project", dir, "--kind", "claude", "--json"])
      if (r.code !== 0) throw new Error(`lich open failed (${r.code}): ${r.stderr}`)
      return JSON.parse(r.stdout) as Opened
    },
    event: events.take,
    terminal: (id) => attachTerminal(b, id),
    stop: async () => {
      stopping = true
      events.ws.close()
      await b.stop()
      await mock.close()
      fs.rmSync(scratch, { recursive: true, force: true })
    }
  }
}
