/**
 * Which browser shows the window and with which arguments. The window is the system Chromium in
 * `--app` mode with a profile of its own, so lich's tab never mixes with the person's browsing.
 * The URL carries a one-time launch code, never the token: a process's argv is world-readable in
 * /proc/<pid>/cmdline, and the token opens every session's terminal.
 */
import * as fs from "node:fs"
import * as path from "node:path"

/** In the order a Linux desktop most likely has them; the first found on PATH wins. */
export const BROWSERS = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome", "brave", "brave-browser"] as const

export const NO_BROWSER =
  "no Chromium-family browser found on PATH (looked for chromium, chromium-browser, google-chrome-stable, google-chrome, brave) — install one (e.g. apt install chromium) or name one with lich --shell <path>"

const executable = (file: string): boolean => {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

/** The browser to run: `pinned` (from --shell) when given, else the first of BROWSERS on PATH. */
export const findBrowser = (
  pinned: string,
  pathEnv: string,
  isExecutable: (file: string) => boolean = executable
): { readonly ok: true; readonly file: string } | { readonly ok: false; readonly reason: string } => {
  if (pinned !== "") {
    const file = path.resolve(pinned)
    return isExecutable(file) ? { ok: true, file } : { ok: false, reason: `--shell ${pinned} is not an executable file` }
  }
  const dirs = pathEnv.split(path.delimiter).filter((d) => d !== "")
  for (const name of BROWSERS) {
    for (const dir of dirs) {
      const file = path.join(dir, name)
      if (isExecutable(file)) return { ok: true, file }
    }
  }
  return { ok: false, reason: NO_BROWSER }
}

export interface WindowArgs {
  readonly port: number
  readonly code: string
  /** `<config>/lich`: the profile lives under it, apart from the person's own browser profile. */
  readonly configDir: string
  readonly dev: boolean
  /** Chromium refuses to start as root unless its sandbox is turned off. */
  readonly root: boolean
  readonly flags: ReadonlyArray<string>
}

export const windowUrl = (port: number, code: string) => `http://127.0.0.1:${port}/?launch=${code}`

/**
 * argv in the order the original used. `--test-type` hides the "unsupported flag" infobar, which
 * otherwise shifts the page after the terminal's first fit().
 */
export const browserArgs = (a: WindowArgs): Array<string> => [
  `--app=${windowUrl(a.port, a.code)}`,
  `--user-data-dir=${path.join(a.configDir, a.dev ? "chromium-profile-dev" : "chromium-profile")}`,
  "--profile-directory=Default",
  `--class=${a.dev ? "lichdev" : "lich"}`,
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-features=Translate",
  "--test-type",
  ...(a.root ? ["--no-sandbox"] : []),
  ...a.flags
]
