// What esbuild is asked to make of the window's code: build.mjs writes it into dist/shell, and
// test/window-bundle.test.ts builds the same thing in memory to see what went into it.
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, "..", "..")

/** @param {string} outdir */
export const appBundle = (outdir) => ({
  // The terminal (xterm and its addons, most of the bytes) is a chunk of its own, imported once the
  // cards are on screen: the first paint does not wait for its parse (bench/window-first-paint.mjs).
  entryPoints: { app: join(here, "src", "main.ts") },
  outdir,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
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
