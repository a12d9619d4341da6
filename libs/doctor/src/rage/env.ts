/**
 * env.txt: the environment a bug depends on, and no credential. Every LICH_* variable plus a fixed
 * allowlist (the shell, the desktop, the editor, where gh keeps its config); any name that says it
 * holds a token, key, secret or password is written as <SET> or <UNSET>, never as its value.
 */
import { SECRET_NAME } from "../redact.js"

/** What explains a launch or a window: the desktop session, the terminal, the shell, PATH. */
export const ENV_ALLOWLIST = [
  "APPDATA",
  "BROWSER",
  "DESKTOP_SESSION",
  "DISPLAY",
  "EDITOR",
  "GH_CONFIG_DIR",
  "GH_TOKEN",
  "GITHUB_TOKEN",
  "HOME",
  "LANG",
  "PATH",
  "PROCESSOR_ARCHITECTURE",
  "SHELL",
  "TERM",
  "TERM_PROGRAM",
  "VISUAL",
  "WAYLAND_DISPLAY",
  "XDG_CONFIG_HOME",
  "XDG_CURRENT_DESKTOP",
  "XDG_DATA_HOME",
  "XDG_RUNTIME_DIR",
  "XDG_SESSION_TYPE"
] as const

const show = (name: string, value: string | undefined): string => {
  if (SECRET_NAME.test(name)) return value === undefined || value === "" ? "<UNSET>" : "<SET>"
  return value === undefined ? "<UNSET>" : value
}

export const envText = (env: Readonly<Record<string, string | undefined>>): string => {
  const lich = Object.keys(env)
    .filter((k) => k.startsWith("LICH_"))
    .sort()
  const names = [...ENV_ALLOWLIST, ...lich]
  return `${names.map((n) => `${n}=${show(n, env[n])}`).join("\n")}\n`
}
