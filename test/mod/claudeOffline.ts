/**
 * The pinned real Claude Code, run offline on a copy of hooks/ for the mod's tests: a scratch
 * folder holding a throwaway HOME (onboarding done, so nothing asks the network) and the copy,
 * since Claude Code writes type files into a plugin it loads and must never write into the repo.
 */
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { CLAUDE, ensureCli } from "../e2e/providers.js"

const root = path.resolve(__dirname, "..", "..")

export interface Offline {
  readonly bin: string
  /** The copy of hooks/ (the plugin root). */
  readonly plugin: string
  readonly run: (args: ReadonlyArray<string>) => Promise<{ code: number; stdout: string; stderr: string }>
  readonly dispose: () => void
}

/** Installs the pinned CLI from npm when the cache lacks it (~380 MB the first time). */
export const offlineClaude = (): Offline => {
  const bin = ensureCli(CLAUDE)
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lich-mod-"))
  const home = path.join(scratch, "home")
  fs.mkdirSync(home)
  fs.writeFileSync(path.join(home, ".claude.json"), JSON.stringify({ hasCompletedOnboarding: true }))
  const plugin = path.join(scratch, "plugin")
  fs.cpSync(path.join(root, "hooks"), plugin, { recursive: true })
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    TMPDIR: scratch,
    CLAUDE_CODE_TMPDIR: scratch,
    XDG_RUNTIME_DIR: scratch,
    // Nothing to reach: a port nobody listens on, and every optional call home off.
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
    ANTHROPIC_AUTH_TOKEN: "offline",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1"
  }
  const run = (args: ReadonlyArray<string>) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(bin, [...args], { env, encoding: "utf8", timeout: 120_000, cwd: scratch }, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr })
      )
    })
  return { bin, plugin, run, dispose: () => fs.rmSync(scratch, { recursive: true, force: true }) }
}
