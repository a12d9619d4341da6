/**
 * The real provider CLIs the e2e suites run, pinned, and installed from npm on first use into a
 * cache outside the repository — never a dependency of lich itself, so a user's `npm install` does
 * not download ~1 GB of agent binaries. The cache is `$LICH_E2E_CACHE`, else
 * `${XDG_CACHE_HOME:-~/.cache}/lich-e2e`, one folder per package and version; a folder whose
 * install finished holds a `.installed` stamp, so an interrupted install is redone, never trusted.
 *
 * Only the npm registry is asked (the same client and registry `npm install` uses); the providers'
 * own postinstall downloads are not run — their native binaries arrive as optional dependencies.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

export interface PinnedCli {
  /** The npm package. */
  readonly pkg: string
  /** Exact version: a provider release changes its screens, dialogs and wire. */
  readonly version: string
  /** The command the package puts in node_modules/.bin. */
  readonly bin: string
}

export const CLAUDE: PinnedCli = { pkg: "@anthropic-ai/claude-code", version: "2.1.332", bin: "claude" }
export const CODEX: PinnedCli = { pkg: "@openai/codex", version: "0.169.0", bin: "codex" }
export const OPENCODE: PinnedCli = { pkg: "opencode-ai", version: "1.18.33", bin: "opencode" }

export const cacheRoot = (): string =>
  process.env.LICH_E2E_CACHE ??
  path.join(process.env.XDG_CACHE_HOME ?? path.join(process.env.HOME ?? os.homedir(), ".cache"), "lich-e2e")

const folderOf = (cli: PinnedCli) => path.join(cacheRoot(), `${cli.pkg.replace(/^@/, "").replace(/\//g, "-")}-${cli.version}`)

/**
 * The absolute path of the pinned CLI's binary, installing it first when the cache lacks it.
 * Synchronous on purpose: it runs once in a suite's beforeAll, and a 30–60 s install is the
 * suite's own cost, reported by its hook timeout rather than hidden.
 */
export const ensureCli = (cli: PinnedCli): string => {
  const dir = folderOf(cli)
  const bin = path.join(dir, "node_modules", ".bin", cli.bin)
  const stamp = path.join(dir, ".installed")
  if (fs.existsSync(stamp) && fs.existsSync(bin)) return bin
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, name: "lich-e2e-cache" }))
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--save-exact", "--ignore-scripts", `${cli.pkg}@${cli.version}`], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    timeout: 10 * 60_000
  })
  if (!fs.existsSync(bin)) throw new Error(`${cli.pkg}@${cli.version} installed, but ${bin} is missing`)
  fs.writeFileSync(stamp, new Date().toISOString())
  return bin
}
