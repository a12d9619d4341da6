/**
 * What a theme file must be. A theme's values end up as CSS custom properties and as xterm colours,
 * so anything that could reach outside a colour (url(), var(), a `;` closing the declaration) is
 * refused here rather than trusted later. Pure: no node, no DOM, so the window and the backend share it.
 */

/** Every token the window paints with; a theme that leaves one out would show the other theme through. */
export const APP_TOKENS = [
  "background",
  "foreground",
  "card",
  "card-foreground",
  "popover",
  "popover-foreground",
  "primary",
  "primary-foreground",
  "secondary",
  "secondary-foreground",
  "muted",
  "muted-foreground",
  "accent",
  "accent-foreground",
  "destructive",
  "border",
  "input",
  "ring",
  "chart-1",
  "chart-2",
  "chart-3",
  "chart-4",
  "chart-5",
  "sidebar",
  "sidebar-foreground",
  "sidebar-primary",
  "sidebar-primary-foreground",
  "sidebar-accent",
  "sidebar-accent-foreground",
  "sidebar-border",
  "sidebar-ring"
] as const

const ANSI = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"] as const
export const TERMINAL_REQUIRED = ["background", "foreground"] as const
export const TERMINAL_OPTIONAL = [
  "cursor",
  "cursorAccent",
  "selectionBackground",
  "selectionForeground",
  ...ANSI,
  ...ANSI.map((c) => `bright${c[0]!.toUpperCase()}${c.slice(1)}`)
] as const

/** Ids the selection itself uses: a theme named like them could never be picked. */
export const RESERVED_IDS = ["light", "dark", "system", "match"] as const
export const THEME_ID = /^[a-z0-9][a-z0-9._-]{0,63}$/

export type Scheme = "light" | "dark"

export interface ThemeFile {
  readonly id: string
  readonly name: string
  readonly scheme: Scheme
  readonly app: Readonly<Record<string, string>>
  readonly terminal: Readonly<Record<string, string>>
  readonly origin?: string
  readonly source?: string
}

export type Validated = { readonly ok: true; readonly theme: ThemeFile } | { readonly ok: false; readonly reason: string }

/** 64 chars: the longest oklch()/rgb() spelling with alpha fits comfortably; past it is not a colour. */
const MAX_COLOR_CHARS = 64
/** Characters a colour spelling needs; `;{}<>"'\` and friends would end the declaration they sit in. */
const COLOR_CHARS = /^[#a-zA-Z0-9(),.%\s/+-]+$/
const FORBIDDEN_FUNCTIONS = /\b(url|var|attr|color-mix|image-set|env|expression)\s*\(/i
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

export const isCssColor = (v: unknown): v is string =>
  typeof v === "string" && v.trim() !== "" && v.length <= MAX_COLOR_CHARS && COLOR_CHARS.test(v) && !FORBIDDEN_FUNCTIONS.test(v)

export const isHexColor = (v: unknown): v is string => typeof v === "string" && HEX.test(v)

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

const checkTokens = (
  where: string,
  value: unknown,
  required: ReadonlyArray<string>,
  optional: ReadonlyArray<string>,
  valid: (v: unknown) => boolean,
  kind: string
): string | undefined => {
  if (!isObject(value)) return `"${where}" must be an object of colours`
  const known = new Set([...required, ...optional])
  for (const key of Object.keys(value)) {
    if (!known.has(key)) return `"${where}" has an unknown token "${key}"`
    if (!valid(value[key])) return `"${where}.${key}" is not ${kind}: ${JSON.stringify(value[key])}`
  }
  const missing = required.filter((k) => !(k in value))
  return missing.length > 0 ? `"${where}" is missing ${missing.map((m) => `"${m}"`).join(", ")}` : undefined
}

const TOP_LEVEL = new Set(["id", "name", "scheme", "app", "terminal", "origin", "source"])

/** Checks one parsed theme file; `fileId` is its file name without `.json`, which must match its id. */
export const validateTheme = (raw: unknown, fileId?: string): Validated => {
  const fail = (reason: string): Validated => ({ ok: false, reason })
  if (!isObject(raw)) return fail("a theme is a JSON object")
  for (const key of Object.keys(raw)) if (!TOP_LEVEL.has(key)) return fail(`unknown key "${key}"`)
  const { id, name, scheme, origin, source } = raw
  if (typeof id !== "string" || !THEME_ID.test(id)) return fail(`"id" must match ${THEME_ID.source}`)
  if ((RESERVED_IDS as ReadonlyArray<string>).includes(id)) return fail(`"${id}" is reserved and cannot name a theme`)
  if (fileId !== undefined && fileId !== id) return fail(`the file is named "${fileId}.json" but the theme's id is "${id}"`)
  if (typeof name !== "string" || name.trim() === "" || name.length > 80) return fail(`"name" must be 1–80 characters`)
  if (scheme !== "light" && scheme !== "dark") return fail(`"scheme" must be "light" or "dark"`)
  for (const [k, v] of [
    ["origin", origin],
    ["source", source]
  ] as const) {
    if (v !== undefined && (typeof v !== "string" || v.length > 200)) return fail(`"${k}" must be a string of at most 200 characters`)
  }
  const appError = checkTokens(
    "app",
    raw.app,
    APP_TOKENS,
    [],
    isCssColor,
    "a CSS colour (url, var, attr, color-mix and image-set are refused)"
  )
  if (appError) return fail(appError)
  const termError = checkTokens("terminal", raw.terminal, TERMINAL_REQUIRED, TERMINAL_OPTIONAL, isHexColor, "a hex colour")
  if (termError) return fail(termError)
  return {
    ok: true,
    theme: {
      id,
      name: name.trim(),
      scheme,
      app: raw.app as Record<string, string>,
      terminal: raw.terminal as Record<string, string>,
      ...(typeof origin === "string" ? { origin } : {}),
      ...(typeof source === "string" ? { source } : {})
    }
  }
}

/**
 * The other-scheme variant of a theme, by the `-dark`/`-light` naming every theme family uses; ""
 * when the family has no such member installed.
 */
export const pairOf = (id: string, installed: ReadonlyArray<string>): string => {
  const flip =
    id === "light"
      ? "dark"
      : id === "dark"
        ? "light"
        : id.endsWith("-dark")
          ? `${id.slice(0, -5)}-light`
          : id.endsWith("-light")
            ? `${id.slice(0, -6)}-dark`
            : ""
  return flip !== "" && installed.includes(flip) ? flip : ""
}
