// Bundles the window into dist/shell: index.html, app.js, app.css, and xterm's stylesheet (also
// inlined into the terminal's shadow root, where the page's own styles do not reach). Imported by
// scripts/build.mjs; the backend serves the folder at `/`.

import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { appBundle } from "./bundle.mjs"

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, "..", "..")
const out = join(root, "dist", "shell")
rmSync(join(out, "chunks"), { recursive: true, force: true })
mkdirSync(out, { recursive: true })

await build(appBundle(out))

copyFileSync(join(root, "node_modules", "@xterm", "xterm", "css", "xterm.css"), join(out, "xterm.css"))

// The terminal's font ships with lich, so agent TUIs draw the same on every machine: DejaVu Sans
// Mono (box drawing, blocks, ● ❯ ▐ ▛) with two Noto symbol fonts behind it for what it lacks —
// Noto Sans Symbols for ⎿ (U+23BF), Noto Sans Symbols 2 for ⏵ ⏺ ✻ ✢. Checked glyph by glyph with
// fontTools; a fallback is only consulted for a character the font before it has no glyph for.
const fonts = join(out, "fonts")
mkdirSync(fonts, { recursive: true })
const FONT_FILES = [
  ["@fontsource/dejavu-mono/files/dejavu-mono-latin-400-normal.woff2", "mono-400.woff2"],
  ["@fontsource/dejavu-mono/files/dejavu-mono-latin-700-normal.woff2", "mono-700.woff2"],
  ["@fontsource/dejavu-mono/files/dejavu-mono-latin-400-italic.woff2", "mono-400-italic.woff2"],
  ["@fontsource-variable/noto-sans-symbols/files/noto-sans-symbols-symbols-wght-normal.woff2", "symbols.woff2"],
  ["@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff2", "symbols-2.woff2"]
]
for (const [from, to] of FONT_FILES) copyFileSync(join(root, "node_modules", from), join(fonts, to))
const fontFaces = `@font-face { font-family: "Lich Mono"; src: url(/fonts/mono-400.woff2) format("woff2"); font-weight: 400; font-style: normal; font-display: block; }
@font-face { font-family: "Lich Mono"; src: url(/fonts/mono-700.woff2) format("woff2"); font-weight: 700; font-style: normal; font-display: block; }
@font-face { font-family: "Lich Mono"; src: url(/fonts/mono-400-italic.woff2) format("woff2"); font-weight: 400; font-style: italic; font-display: block; }
@font-face { font-family: "Lich Symbols"; src: url(/fonts/symbols.woff2) format("woff2"); font-weight: 100 900; unicode-range: U+2190-23FF; font-display: block; }
@font-face { font-family: "Lich Symbols 2"; src: url(/fonts/symbols-2.woff2) format("woff2"); unicode-range: U+2190-2BFF; font-display: block; }
`

// A mark of our own, so the browser never asks for /favicon.ico (a 404 on every load otherwise).
writeFileSync(
  join(out, "favicon.svg"),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#18181b"/><path d="M10 8v16h12" fill="none" stroke="#fafafa" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/><circle cx="22" cy="10" r="2.4" fill="#f59e0b"/></svg>
`
)

// Page-level styles only: each component carries its own. Tokens default to the bundled light
// theme's background so the first frame is not a white flash in a dark theme once cached.
writeFileSync(
  join(out, "app.css"),
  `${fontFaces}html, body { margin: 0; height: 100%; overflow: hidden; background: var(--background, #ffffff); }
* { box-sizing: border-box; }
`
)

writeFileSync(
  join(out, "index.html"),
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self' ws://127.0.0.1:* ws://localhost:*; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'">
<meta name="referrer" content="no-referrer">
<title>lich</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="preload" href="/fonts/mono-400.woff2" as="font" type="font/woff2" crossorigin>
<link rel="stylesheet" href="/app.css">
<script type="module" src="/app.js"></script>
</head>
<body></body>
</html>
`
)
