/**
 * The real provider CLIs the e2e suites run, pinned, and installed from npm on first use into a
 * cache outside the repository — never a dependency of lich itself, so a user's `npm install` does
 * not download ~1 GB of agent binaries. The cache is `$LICH_E2E_CACHE`, else
 * `${XDG_CACHE_HOME:-~/.cache}/lich-e2e`, one folder per package and version; a folder whose
 * install finished holds a `.installed` stamp, so an interrupted install is redone, never trusted.
 *
 * Only the npm registry is asked (the same client and registry `npm install` uses); npm runs no
 * install script. The native binaries arrive as optional dependencies, and for the packages whose
 * launcher must be swapped for that binary (Claude Code, opencode) we run the package's own script
 * for it ourselves — a local copy, read and confirmed to make no request. Without it their `bin` is a
 * placeholder that only prints "postinstall did not run".
 */
import { execFile, execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { promisify } from "node:util"

const execFileAsync = promisify(execFile)

export interface PinnedCli {
  /** The npm package. */
  readonly pkg: string
  /** Exact version: a provider release changes its screens, dialogs and wire. */
  readonly version: string
  /** The command the package puts in node_modules/.bin. */
  readonly bin: string
  /** The package's script that puts its native binary in place of the launcher, run with node. */
  readonly link?: string
  /** Packages installed beside it, pinned too (oh-my-pi's `#!/usr/bin/env bun` needs bun on PATH). */
  readonly extra?: ReadonlyArray<{ readonly pkg: string; readonly version: string; readonly link?: string }>
}

export const CLAUDE: PinnedCli = { pkg: "@anthropic-ai/claude-code", version: "2.1.332", bin: "claude", link: "install.cjs" }
export const CODEX: PinnedCli = { pkg: "@openai/codex", version: "0.169.0", bin: "codex" }
export const OPENCODE: PinnedCli = { pkg: "opencode-ai", version: "1.18.33", bin: "opencode", link: "postinstall.mjs" }
/**
 * 18.2.3: the newest oh-my-pi whose exactly pinned sibling packages all exist on the registry
 * (18.3.4 does not install). A Bun bundle: bun 1.4.5 from npm, whose install.js links the binary of
 * its platform package (an optional dependency) in place of its placeholder — no download.
 */
export const OMP: PinnedCli = {
  pkg: "@oh-my-pi/pi-coding-agent",
  version: "18.2.3",
  bin: "omp",
  extra: [{ pkg: "bun", version: "1.4.5", link: "install.js" }]
}

/** node_modules/.bin of a pinned CLI's folder, for a PATH that finds what its shebang names. */
export const binDirOf = (cli: PinnedCli): string => path.join(folderOf(cli), "node_modules", ".bin")

export const cacheRoot = (): string =>
  process.env.LICH_E2E_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(process.env.HOME ?? os.homedir(), ".cache"), "lich-e2e")

const folderOf = (cli: PinnedCli) => path.join(cacheRoot(), `${cli.pkg.replace(/^@/, "").replace(/\//g, "-")}-${cli.version}`)

/**
 * The absolute path of the pinned CLI's binary, installing it first when the cache lacks it.
 * Synchronous on purpose: it runs once in a suite's beforeAll (or the e2e project's global setup),
 * and a 30–60 s install is the suite's own cost, reported by its hook timeout rather than hidden.
 *
 * Safe to call from several test files at once: each install happens in a private folder beside the
 * target and is renamed into place only once complete, so a caller never sees a half-installed
 * folder, and a second install that finishes later discards its copy and uses the first.
 */
export const ensureCli = (cli: PinnedCli): string => {
  const { bin, stamp } = placesOf(cli)
  if (fs.existsSync(stamp) && fs.existsSync(bin)) return bin
  const work = workFolder(cli)
  try {
    let said = ""
    for (const step of installSteps(cli, work))
      said = execFileSync(step.file, step.args, { ...step, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
    placeInstall(cli, work, said)
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
  return bin
}

/**
 * The same install, without blocking: the e2e project's global setup installs the four CLIs at once
 * on a fresh machine (each is mostly a download), where one after another took minutes of CI.
 */
export const installCli = async (cli: PinnedCli): Promise<string> => {
  const { bin, stamp } = placesOf(cli)
  if (fs.existsSync(stamp) && fs.existsSync(bin)) return bin
  const work = workFolder(cli)
  try {
    let said = ""
    for (const step of installSteps(cli, work)) said = (await execFileAsync(step.file, step.args, { ...step, encoding: "utf8" })).stdout
    placeInstall(cli, work, said)
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
  return bin
}

const placesOf = (cli: PinnedCli) => {
  const dir = folderOf(cli)
  return { dir, bin: path.join(dir, "node_modules", ".bin", cli.bin), stamp: path.join(dir, ".installed") }
}

const workFolder = (cli: PinnedCli): string => {
  fs.mkdirSync(cacheRoot(), { recursive: true })
  const work = fs.mkdtempSync(path.join(cacheRoot(), `.installing-${path.basename(folderOf(cli))}-`))
  fs.writeFileSync(path.join(work, "package.json"), JSON.stringify({ private: true, name: "lich-e2e-cache" }))
  return work
}

interface InstallStep {
  readonly file: string
  readonly args: Array<string>
  readonly cwd: string
  readonly timeout: number
  readonly env?: NodeJS.ProcessEnv
}

/** npm's install, each package's link script, then the binary's --version (the last step's output). */
const installSteps = (cli: PinnedCli, work: string): Array<InstallStep> => {
  const extra = (cli.extra ?? []).map((e) => `${e.pkg}@${e.version}`)
  const bins = path.join(work, "node_modules", ".bin")
  return [
    {
      file: "npm",
      args: ["install", "--no-audit", "--no-fund", "--save-exact", "--ignore-scripts", `${cli.pkg}@${cli.version}`, ...extra],
      cwd: work,
      timeout: 10 * 60_000
    },
    ...[cli, ...(cli.extra ?? [])].flatMap(({ pkg, link }) =>
      link === undefined ? [] : [{ file: process.execPath, args: [link], cwd: path.join(work, "node_modules", pkg), timeout: 60_000 }]
    ),
    {
      file: path.join(bins, cli.bin),
      args: ["--version"],
      cwd: work,
      timeout: 60_000,
      env: { ...process.env, PATH: `${bins}${path.delimiter}${process.env.PATH ?? ""}` }
    }
  ]
}

/** Stamps a finished install and renames it into place, unless another caller's landed first. */
const placeInstall = (cli: PinnedCli, work: string, said: string) => {
  const { dir, stamp } = placesOf(cli)
  // The binary must run and be the pinned release: a placeholder launcher would fail every session later, obscurely.
  if (!said.includes(cli.version)) throw new Error(`${cli.pkg}@${cli.version} installed, but ${cli.bin} --version says ${said.trim()}`)
  fs.writeFileSync(path.join(work, ".installed"), new Date().toISOString())
  // A folder without the stamp is an install the old layout left unfinished: never trusted.
  if (fs.existsSync(dir) && !fs.existsSync(stamp)) fs.rmSync(dir, { recursive: true, force: true })
  try {
    fs.renameSync(work, dir)
  } catch (e) {
    // Another caller's install landed first (the target exists and is not empty): use that one.
    if (!fs.existsSync(stamp)) throw e
  }
}
