/**
 * A real lich backend whose oh-my-pi sessions run the real, pinned oh-my-pi (with bun from npm on
 * PATH for its shebang) against our mock OpenAI API, offline, with lich's plugin installed by
 * `lich plugin install omp` exactly as a user would. oh-my-pi is pointed at the mock by its own
 * user-side files in a throwaway HOME (models.yml with a priced mock model, config.yml with the
 * update check, setup wizard and loopback model probes off, and approvals asked for exec-tier
 * tools — the shell — while writes, lich's xd:// device included, go through); PI_PROXY sends the fetches no setting
 * turns off (its model catalogue) to a dead loopback port. lich's argv is never touched by the rig.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { type Backend, startBackend } from "../harness.js"
import { type EventFeed, subscribeEvents } from "./events.js"
import { type MockOpenai, type Rule, startMockOpenai } from "./mockOpenai.js"
import { binDirOf, ensureCli, OMP } from "./providers.js"

const DEAD_PROXY = "http://127.0.0.1:9"

const models = (url: string) => `providers:
  mock:
    baseUrl: ${url}
    apiKey: MOCK_API_KEY
    api: openai-completions
    models:
      - id: mock-model
        name: Mock Model
        reasoning: false
        input: [text]
        contextWindow: 128000
        maxTokens: 8192
        cost: { input: 3, output: 15, cacheRead: 0, cacheWrite: 0 }
`

const CONFIG = `startup:
  checkUpdate: false
  setupWizard: false
marketplace:
  autoUpdate: "off"
disabledProviders: [ollama, llama.cpp, lm-studio, charm-hyper, commandcode, alibaba-coding-plan, kilo, venice, zenmux]
tools:
  approvalMode: write
`

export interface OmpRig {
  readonly b: Backend
  readonly mock: MockOpenai
  readonly events: EventFeed
  readonly open: (dir: string) => Promise<{ readonly id: string; readonly label: string }>
  readonly stop: () => Promise<void>
}

export const startOmpRig = async (rules: ReadonlyArray<Rule>): Promise<OmpRig> => {
  const omp = ensureCli(OMP)
  const mock = await startMockOpenai(rules)
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lich-e2e-omp-"))
  for (const d of ["tmp", "run"]) fs.mkdirSync(path.join(scratch, d), { recursive: true, mode: 0o700 })
  const b = await startBackend({
    LICH_OMP_BIN: omp,
    PATH: `${binDirOf(OMP)}${path.delimiter}${process.env.PATH ?? ""}`,
    PI_PROXY: DEAD_PROXY,
    NO_PROXY: "127.0.0.1,localhost,::1",
    no_proxy: "127.0.0.1,localhost,::1",
    OMP_SKIP_SETUP: "1",
    MOCK_API_KEY: "sk-mock-omp",
    TMPDIR: path.join(scratch, "tmp"),
    XDG_RUNTIME_DIR: path.join(scratch, "run")
  })
  const agentDir = path.join(b.env.HOME!, ".omp", "agent")
  fs.mkdirSync(agentDir, { recursive: true })
  fs.writeFileSync(path.join(agentDir, "models.yml"), models(mock.url))
  fs.writeFileSync(path.join(agentDir, "config.yml"), CONFIG)
  const installed = await b.lich(["plugin", "install", "omp"])
  if (installed.code !== 0) throw new Error(`lich plugin install omp failed: ${installed.stderr}`)
  const events = await subscribeEvents(b)
  return {
    b,
    mock,
    events,
    open: async (dir) => {
      const r = await b.lich(["open", "--project", dir, "--kind", "omp", "--model", "mock/mock-model", "--json"])
      if (r.code !== 0) throw new Error(`lich open failed (${r.code}): ${r.stderr}`)
      return JSON.parse(r.stdout) as { id: string; label: string }
    },
    stop: async () => {
      events.ws.close()
      await b.stop()
      await mock.close()
      fs.rmSync(scratch, { recursive: true, force: true })
    }
  }
}
