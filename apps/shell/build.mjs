// Bundles the window into dist/shell: index.html, app.js, app.css, and xterm's stylesheet (also
// inlined into the terminal's shadow root, where the page's own styles do not reach). Imported by
// scripts/build.mjs; the backend serves the folder at `/`.
import { build } from "esbuild"
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, "..", "..")
const out = join(root, "dist", "shell")
mkdirSync(out, { recursive: true })

await build({
  entryPoints: [join(here, "src", "main.ts")],
  outfile: join(out, "app.js"),
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "chrome120",
  minify: true,
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
  loader: { ".css": "text" },
  tsconfig: join(root, "tsconfig.json")
})

copyFileSync(join(root, "node_modules", "@xterm", "xterm", "css", "xterm.css"), join(out, "xterm.css"))

// Page-level styles only: each component carries its own. Tokens default to the bundled light
// theme's background so the first frame is not a white flash in a dark theme once cached.
writeFileSync(
  join(out, "app.css"),
  `html, body { margin: 0; height: 100%; overflow: hidden; background: var(--background, #ffffff); }
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
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self' ws://127.0.0.1:* ws://localhost:*; style-src 'self' 'unsafe-inline'; img-src 'self' data:">
<meta name="referrer" content="no-referrer">
<title>lich</title>
<link rel="stylesheet" href="/app.css">
<script type="module" src="/app.js"></script>
</head>
<body></body>
</html>
`
)
