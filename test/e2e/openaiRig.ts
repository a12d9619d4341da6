/**
 * A real lich backend whose Codex and opencode sessions run the real, pinned CLIs against our mock
 * OpenAI API (mockOpenai.ts), with nothing leaving the machine:
 *   - each CLI is pointed at the mock by its own user-side config in a throwaway HOME (Codex's
 *     $CODEX_HOME/config.toml, opencode's ~/.config/opencode/opencode.json), as a user would set
 *     up a custom provider — lich's argv and environment are never touched by the test;
 *   - every fetch no setting turns off (Codex's announcement tip) goes to a dead loopback proxy;
 *     the update checks, analytics, the plugin marketplace and the models list are switched off.
 * Sessions are what `lich open --kind codex|opencode` starts, exactly as a user's.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { type Backend, startBackend } from "../harness.js"
import { type LichEvent, subscribeEvents } from "./events.js"
import { type MockOpenai, type Rule, startMockOpenai } from "./mockOpenai.js"
import { CODEX, ensureCli, OPENCODE } from "./providers.js"
import { attachTerminal, type Terminal } from "./terminal.js"

export type { LichEvent }

export interface Opened {
  readonly id: string
  readonly label: string
}

export interface OpenaiRig {
  readonly b: Backend
  readonly mock: MockOpenai
  readonly project: (name: string, o?: { readonly git?: boolean }) => string
  readonly open: (dir: string, kind: "codex" | "opencode") => Promise<Opened>
  readonly event: (test: (e: LichEvent) => boolean) => Promise<LichEvent>
  /** Whether an event that passes `test` has arrived so far. */
  readonly seen: (test: (e: LichEvent) => boolean) => boolean
  readonly terminal: (id: string) => Promise<Terminal>
  readonly stop: () => Promise<void>
}

/** Port 9 (discard) on loopback: nothing listens, so a proxied fetch fails at once and stays here. */
const DEAD_PROXY = "http://127.0.0.1:9"

const offlineEnv = (scratch: string): NodeJS.ProcessEnv => ({
  HTTPS_PROXY: DEAD_PROXY,
  HTTP_PROXY: DEAD_PROXY,
  ALL_PROXY: DEAD_PROXY,
  https_proxy: DEAD_PROXY,
  http_proxy: DEAD_PROXY,
  NO_PROXY: "127.0.0.1,localhost,::1",
  no_proxy: "127.0.0.1,localhost,::1",
  TMPDIR: path.join(scratch, "tmp"),
  XDG_RUNTIME_DIR: path.join(scratch, "run"),
  MOCK_API_KEY: "sk-mock-offline",
  OPENCODE_DISABLE_MODELS_FETCH: "1",
  OPENCODE_DISABLE_AUTOUPDATE: "1",
  OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
  OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
  OPENCODE_DISABLE_SHARE: "1"
})

const codexConfig = (url: string) => `model = "mock-model"
model_provider = "mock"
check_for_update_on_startup = false
[analytics]
enabled = false
[tui]
show_tooltips = false
[features]
plugins = false
[model_providers.mock]
name = "Mock"
base_url = "${url}"
env_key = "MOCK_API_KEY"
wire_api = "responses"
`

const opencodeConfig = (url: string) => ({
  $schema: "https://opencode.ai/config.json",
  model: "mock/mock-model",
  small_model: "mock/mock-model",
  autoupdate: false,
  share: "disabled",
  provider: {
    mock: {
      npm: "@ai-sdk/openai-compatible",
      name: "Mock",
      options: { baseURL: url, apiKey: "sk-mock-opencode" },
      models: { "mock-model": { name: "Mock Model", tool_call: true, limit: { context: 200000, output: 8192 } } }
    }
  }
})

export const startOpenaiRig = async (rules: ReadonlyArray<Rule>): Promise<OpenaiRig> => {
  const codex = ensureCli(CODEX)
  const opencode = ensureCli(OPENCODE)
  const mock = await startMockOpenai(rules)
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lich-e2e-oai-"))
  for (const d of ["tmp", "run", "codex"]) fs.mkdirSync(path.join(scratch, d), { recursive: true, mode: 0o700 })
  const codexHome = path.join(scratch, "codex")
  fs.writeFileSync(path.join(codexHome, "config.toml"), codexConfig(mock.url))
  const b = await startBackend({ ...offlineEnv(scratch), CODEX_HOME: codexHome, LICH_CODEX_BIN: codex, LICH_OPENCODE_BIN: opencode })
  const ocDir = path.join(b.env.XDG_CONFIG_HOME!, "opencode")
  fs.mkdirSync(ocDir, { recursive: true })
  fs.writeFileSync(path.join(ocDir, "opencode.json"), JSON.stringify(opencodeConfig(mock.url), null, 1))
  const events = await subscribeEvents(b)
  return {
    b,
    mock,
    project: (name, o) => {
      const dir = b.project(name)
      if (o?.git) execFileSync("git", ["init", "-q", dir], { stdio: "ignore" })
      return dir
    },
    open: async (dir, kind) => {
      const r = await b.lich(["open", "--project", dir, "--kind", kind, "--json"])
      if (r.code !== 0) throw new Error(`lich open failed (${r.code}): ${r.stderr}`)
      return JSON.parse(r.stdout) as Opened
    },
    event: events.find,
    seen: events.seen,
    terminal: (id) => attachTerminal(b, id),
    stop: async () => {
      events.ws.close()
      await b.stop()
      await mock.close()
      fs.rmSync(scratch, { recursive: true, force: true })
    }
  }
}

/** The ticket a relayed message carries: `"$LICH_BIN" reply <ticket> "<your answer>"`. */
export const ticketIn = (text: string): string => /reply (\S+) "/.exec(text)?.[1] ?? "no-ticket-in-message"
