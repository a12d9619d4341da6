/**
 * The two themes lich ships: achromatic zinc, no brand hue, so semantic colour (emerald done, amber
 * waiting, red destructive) is the only colour on screen. `system` is not a theme but a choice
 * between these two by the OS's preference, resolved in the window.
 */
import type { ThemeFile } from "./validate.js"

export const light: ThemeFile = {
  id: "light",
  name: "Light",
  scheme: "light",
  app: {
    background: "#ffffff",
    foreground: "#09090b",
    card: "#ffffff",
    "card-foreground": "#09090b",
    popover: "#ffffff",
    "popover-foreground": "#09090b",
    primary: "#18181b",
    "primary-foreground": "#fafafa",
    secondary: "#f4f4f5",
    "secondary-foreground": "#18181b",
    muted: "#f4f4f5",
    "muted-foreground": "#71717a",
    accent: "#e4e4e7",
    "accent-foreground": "#18181b",
    destructive: "#dc2626",
    border: "#e4e4e7",
    input: "#e4e4e7",
    ring: "#a1a1aa",
    "chart-1": "#e76e50",
    "chart-2": "#2a9d90",
    "chart-3": "#274754",
    "chart-4": "#e8c468",
    "chart-5": "#f4a462",
    sidebar: "#fafafa",
    "sidebar-foreground": "#3f3f46",
    "sidebar-primary": "#18181b",
    "sidebar-primary-foreground": "#fafafa",
    "sidebar-accent": "#e4e4e7",
    "sidebar-accent-foreground": "#18181b",
    "sidebar-border": "#e4e4e7",
    "sidebar-ring": "#a1a1aa"
  },
  terminal: {
    background: "#ffffff",
    foreground: "#18181b",
    cursor: "#18181b",
    cursorAccent: "#ffffff",
    selectionBackground: "#d4d4d8",
    black: "#18181b",
    red: "#dc2626",
    green: "#16a34a",
    yellow: "#ca8a04",
    blue: "#2563eb",
    magenta: "#c026d3",
    cyan: "#0891b2",
    white: "#d4d4d8",
    brightBlack: "#52525b",
    brightRed: "#ef4444",
    brightGreen: "#22c55e",
    brightYellow: "#eab308",
    brightBlue: "#3b82f6",
    brightMagenta: "#d946ef",
    brightCyan: "#06b6d4",
    brightWhite: "#f4f4f5"
  }
}

export const dark: ThemeFile = {
  id: "dark",
  name: "Dark",
  scheme: "dark",
  app: {
    background: "#09090b",
    foreground: "#fafafa",
    card: "#18181b",
    "card-foreground": "#fafafa",
    popover: "#18181b",
    "popover-foreground": "#fafafa",
    primary: "#fafafa",
    "primary-foreground": "#18181b",
    secondary: "#27272a",
    "secondary-foreground": "#fafafa",
    muted: "#27272a",
    "muted-foreground": "#a1a1aa",
    accent: "#3f3f46",
    "accent-foreground": "#fafafa",
    destructive: "#ef4444",
    border: "#27272a",
    input: "#27272a",
    ring: "#52525b",
    "chart-1": "#2662d9",
    "chart-2": "#2eb88a",
    "chart-3": "#e88c30",
    "chart-4": "#af57db",
    "chart-5": "#e23670",
    sidebar: "#121214",
    "sidebar-foreground": "#d4d4d8",
    "sidebar-primary": "#fafafa",
    "sidebar-primary-foreground": "#18181b",
    "sidebar-accent": "#27272a",
    "sidebar-accent-foreground": "#fafafa",
    "sidebar-border": "#27272a",
    "sidebar-ring": "#52525b"
  },
  terminal: {
    background: "#09090b",
    foreground: "#e4e4e7",
    cursor: "#e4e4e7",
    cursorAccent: "#09090b",
    selectionBackground: "#3f3f46",
    black: "#18181b",
    red: "#f87171",
    green: "#4ade80",
    yellow: "#facc15",
    blue: "#60a5fa",
    magenta: "#e879f9",
    cyan: "#22d3ee",
    white: "#d4d4d8",
    brightBlack: "#71717a",
    brightRed: "#fca5a5",
    brightGreen: "#86efac",
    brightYellow: "#fde047",
    brightBlue: "#93c5fd",
    brightMagenta: "#f0abfc",
    brightCyan: "#67e8f9",
    brightWhite: "#fafafa"
  }
}

export const bundled: ReadonlyArray<ThemeFile> = [light, dark]

/** The list's first row: not a file, the choice of light or dark by the OS's preference. */
export const SYSTEM_ID = "system"
export const SYSTEM_NAME = "System, the bundled theme the OS asks for"
