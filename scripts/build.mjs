// Builds every bundle lich ships: the CLI (dist/cli.cjs), the backend (dist/server.cjs), the PTY
// host (dist/ptyhost.cjs) and the window's assets. Runs on
// `npm install` (prepare) and before `npm test`, so a fresh clone needs nothing else. The V8 code
// caches are made by running the CLI after bundling (warm-caches.mjs).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { builtinFacades, jsoncPure, lazyBuiltinsPlugin } from "./lean-modules.mjs"
import { warmCaches } from "./warm-caches.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dist = join(root, "dist")
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version
mkdirSync(dist, { recursive: true })

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  minify: process.env.LICH_BUILD_MINIFY !== "0",
  keepNames: false,
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
  define: { __LICH_VERSION__: JSON.stringify(version) },
  // Native modules are loaded from node_modules at run time, never bundled.
  external: ["node-pty", "better-sqlite3"],
  // jsonc-parser's "main" is a UMD wrapper that hands `require` to its factory, so esbuild cannot
  // see the files it loads and the bundle fails at start ("Cannot find module './impl/format'");
  // its ESM build is plain imports.
  alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js" }
}

// The CLI's cold start is a product feature (agents call it constantly), so modules no command
// uses are replaced with empty ones: the property-testing library effect's Arbitrary pulls in.
// Measured: bench/cli-cold-start.mjs.
const unusedAtRunTime = ["fast-check", "pure-rand"]
const stubUnused = {
  name: "stub-unused",
  setup(b) {
    const filter = new RegExp(`^(${unusedAtRunTime.join("|")})(/.*)?$`)
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: "stub" }))
    b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "module.exports = {}", loader: "js" }))
  }
}

// `import { Effect } from "effect"` binds the index's `export * as Effect`, and esbuild then keeps
// every export of that namespace alive: measured, the effect part of the CLI bundle went from 436 to
// 279 KiB once each such import was made deep (`import * as Effect from "effect/Effect"`), and the
// cold call got faster with it (docs/ceilings.md). Our own packages' indexes cost the other way:
// the commands' modules are lazy, and a lazy module importing `@lich/contract` runs the init of every
// file the index re-exports (events, groups, window: ~110 schema classes `sessions` never uses), so
// such an import goes to the file that defines each name instead. Rather than police every file
// others write, the CLI bundle rewrites those imports of our own sources as it loads them. What an
// index re-exports is read from the package itself; a name not found there is left as written.
const require = createRequire(join(root, "package.json"))
const indexes = new Map()
const effectReExports = (pkg) => {
  const index = readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), "dist/esm/index.js"), "utf8")
  const names = new Map()
  for (const [, name, file] of index.matchAll(/export \* as (\w+) from "\.\/([\w/]+)\.js"/g)) names.set(name, { ns: `${pkg}/${file}` })
  for (const [, list, file] of index.matchAll(/export \{([^}]*)\} from "\.\/([\w/]+)\.js"/g)) {
    for (const n of list
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean))
      names.set(n, { named: `${pkg}/${file}` })
  }
  return names
}
/**
 * A workspace package whose src/index.ts is `export * from "./file.js"` lines: each value name's file.
 * A re-exported file's own `export * from` lines are followed too (ids.ts re-exports limits.ts), so
 * a name is sent to the file that defines it, not to one that would evaluate schemas to pass it on.
 */
const workspaceReExports = (pkg) => {
  const index = require.resolve(pkg)
  const source = readFileSync(index, "utf8")
  const names = new Map()
  const twice = new Set()
  for (const [, name, file] of source.matchAll(/export \* as (\w+) from "\.\/([\w/]+)\.js"/g))
    names.set(name, { ns: join(dirname(index), `${file}.ts`) })
  const seen = new Set()
  const collect = (from) => {
    const text = readFileSync(from, "utf8")
    for (const [, file] of text.matchAll(/^export \* from "\.\/([\w/]+)\.js"/gm)) {
      const path = join(dirname(from), `${file}.ts`)
      if (seen.has(path)) continue
      seen.add(path)
      collect(path)
    }
    if (from === index) return
    const declared = [
      ...text.matchAll(/^export\s+(?:declare\s+)?(?:const|let|var|(?:async\s+)?function\*?|(?:abstract\s+)?class|enum)\s+(\w+)/gm)
    ].map((m) => m[1])
    for (const [, list] of text.matchAll(/^export\s*\{([^}]*)\}/gm)) {
      for (const spec of list
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean))
        declared.push(spec.split(/\s+as\s+/).pop())
    }
    for (const n of declared) {
      if (names.has(n)) twice.add(n)
      names.set(n, { named: from })
    }
  }
  collect(index)
  for (const n of twice) names.delete(n) // defined in two files: let the index decide, as TypeScript does
  return names
}
const reExports = (pkg) => {
  if (!indexes.has(pkg)) {
    try {
      indexes.set(pkg, pkg.startsWith("@lich/") ? workspaceReExports(pkg) : effectReExports(pkg))
    } catch {
      indexes.set(pkg, null) // no index to read: leave the package's imports alone
    }
  }
  return indexes.get(pkg)
}
const deepenImports = (source) =>
  source.replace(/import\s*\{([^}]*)\}\s*from\s*"(effect|@effect\/[\w-]+|@lich\/[\w-]+)"/g, (all, list, pkg) => {
    const names = reExports(pkg)
    if (!names) return all
    const out = []
    const rest = []
    for (const spec of list
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean)) {
      // Erased by TypeScript; kept (verbatimModuleSyntax) it would still evaluate the index.
      if (spec.startsWith("type ")) continue
      const [name, alias = name] = spec.split(/\s+as\s+/)
      const hit = names.get(name)
      if (!hit) rest.push(spec)
      else if (hit.ns) out.push(`import * as ${alias} from "${hit.ns}"`)
      else out.push(`import { ${name} as ${alias} } from "${hit.named}"`)
    }
    if (rest.length > 0) out.push(`import { ${rest.join(", ")} } from "${pkg}"`)
    // as many lines as the import had, so line numbers in esbuild's messages stay right
    return out.join("; ") + "\n".repeat(all.split("\n").length - 1)
  })
const deepImports = {
  name: "deep-imports",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) =>
      args.path.includes("/node_modules/") ? undefined : { contents: deepenImports(await readFile(args.path, "utf8")), loader: "ts" }
    )
  }
}

// The plain commands read their replies against wire shapes derived from the contract's schemas
// (apps/cli/src/wire/). From sources the derivation runs when first asked, which evaluates Effect's
// Schema; the CLI bundle gets the same derivation made here, once, as JSON strings parsed only when
// a call asks for them (a string literal costs the parser next to nothing), each distinct shape
// once: every procedure but a few answers with the same error union, and written out per procedure
// it was 34 of the 47 KB, which every call read and deserialised (measured: ~4 ms of CPU on
// `sessions --json` for a 106 KiB bundle against 43 KiB). A schema part a shape cannot express fails
// the build.
const deriveWireShapes = async () => {
  const tmp = mkdtempSync(join(tmpdir(), "lich-shapes-"))
  try {
    const outfile = join(tmp, "derive.cjs")
    await build({ ...common, minify: false, entryPoints: [join(root, "apps/cli/src/wire/derive.ts")], outfile, plugins: [deepImports] })
    return createRequire(outfile)(outfile).deriveShapes()
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}
/** shapes.ts as the bundle has it: each distinct shape one JSON string, parsed once when first read. */
const wireShapesModule = (derived) => {
  const parts = []
  const seen = new Map()
  const ref = (shape) => {
    const text = JSON.stringify(shape)
    if (!seen.has(text)) seen.set(text, parts.push(text) - 1)
    return seen.get(text)
  }
  const table = Object.fromEntries(Object.entries(derived).map(([n, s]) => [n, [ref(s.payload), ref(s.success), ref(s.error)]]))
  return `const parts = ${JSON.stringify(parts)}
const table = ${JSON.stringify(table)}
const parsed = new Map()
const part = (i) => { if (!parsed.has(i)) parsed.set(i, JSON.parse(parts[i])); return parsed.get(i) }
export const shapesOf = (name) => { const [p, s, e] = table[name]; return { payload: part(p), success: part(s), error: part(e) } }`
}
const wireShapes = {
  name: "wire-shapes",
  setup(b) {
    b.onLoad({ filter: /apps[\\/]cli[\\/]src[\\/]wire[\\/]shapes\.ts$/ }, async () => ({
      contents: wireShapesModule(await deriveWireShapes()),
      loader: "js"
    }))
  }
}

// The CLI is three bundles: dist/cli.cjs (the table, the one parser, help and the plain commands,
// which run without Effect), dist/plugin.cjs (`lich plugin`'s list: it reads files, not the backend)
// and dist/commands.cjs (every command on Effect, and its runner); the first loads the others
// through bin/lich only for their commands (apps/cli/src/bundles.ts). Its ways to them are left out
// of it here; the build refuses a first or plugin bundle that takes any module of effect or
// @effect/*: one stray import would put Effect back on every call.
const laterBundlesApart = {
  name: "later-bundles-apart",
  setup(b) {
    b.onResolve({ filter: /^\.\/(effectCommands|pluginList)\.js$/ }, (args) => ({ path: args.path, external: true }))
  }
}

const bundles = [
  {
    entryPoints: [join(root, "apps/cli/src/bin.ts")],
    outfile: join(dist, "cli.cjs"),
    plugins: [laterBundlesApart, wireShapes, deepImports, lazyBuiltinsPlugin, builtinFacades],
    metafile: true,
    effectFree: true
  },
  {
    entryPoints: [join(root, "apps/cli/src/pluginList.ts")],
    outfile: join(dist, "plugin.cjs"),
    plugins: [jsoncPure, deepImports, lazyBuiltinsPlugin, builtinFacades],
    metafile: true,
    effectFree: true
  },
  {
    entryPoints: [join(root, "apps/cli/src/effectCommands.ts")],
    outfile: join(dist, "commands.cjs"),
    plugins: [stubUnused, jsoncPure, deepImports, lazyBuiltinsPlugin]
  },
  { entryPoints: [join(root, "apps/server/src/bin.ts")], outfile: join(dist, "server.cjs") },
  // The PTY host (libs/ptyhost): started by the backend, outlives it; docs/pty-host.md.
  { entryPoints: [join(root, "libs/ptyhost/src/bin.ts")], outfile: join(dist, "ptyhost.cjs"), plugins: [deepImports] }
]
rmSync(join(dist, "fast.cjs"), { force: true }) // the retired fast path's bundle, left by an older build
rmSync(join(dist, "fast.cjs.cache"), { force: true })
rmSync(join(dist, "cli.cjs.light.cache"), { force: true }) // the light cache an older build made
for (const { effectFree, ...b } of bundles) {
  if (!existsSync(b.entryPoints[0])) continue
  const result = await build({ ...common, ...b })
  const heavy = effectFree ? Object.keys(result.metafile.inputs).filter((f) => /node_modules[\\/](effect|@effect)[\\/]/.test(f)) : []
  if (heavy.length > 0) throw new Error(`${b.outfile} must not bundle Effect, but takes ${heavy[0]} (and ${heavy.length - 1} more)`)
  // One non-ASCII character (esbuild leaves regex literals as written) and V8 holds the whole source
  // as a two-byte string: twice the bytes read and copied on every call of these bundles (comments,
  // kept unminified, may be anything).
  const wide = effectFree && common.minify ? /[^\x00-\x7f]/.exec(readFileSync(b.outfile, "latin1")) : null
  if (wide) throw new Error(`${b.outfile} must be ASCII (write the character as an escape): byte ${wide.index} is not`)
  rmSync(`${b.outfile}.cache`, { force: true })
}

const shellBuild = join(root, "apps/shell/build.mjs")
if (existsSync(shellBuild)) await import(shellBuild)

warmCaches(root, dist)
console.log(`built lich ${version}: ${bundles.map((b) => b.outfile.slice(root.length + 1)).join(", ")}`)
