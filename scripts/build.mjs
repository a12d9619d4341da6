// Builds every bundle lich ships: the CLI (dist/cli.cjs), the backend (dist/server.cjs) and the
// window's assets. Runs on `npm install` (prepare) and before `npm test`, so a fresh clone needs
// nothing else. The V8 code cache is made by running the CLI once after bundling.
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dist = join(root, "dist")
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version
mkdirSync(dist, { recursive: true })

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  minify: true,
  keepNames: false,
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
  define: { __LICH_VERSION__: JSON.stringify(version) },
  // Native modules are loaded from node_modules at run time, never bundled.
  external: ["node-pty", "better-sqlite3"]
}

// The CLI's cold start is a product feature (agents call it constantly), so modules no command
// uses are replaced with empty ones: @effect/cli's config-file readers (yaml, toml, ini) and the
// property-testing library effect's Arbitrary pulls in. Measured: bench/cli-cold-start.mjs.
const unusedAtRunTime = ["yaml", "toml", "ini", "fast-check", "pure-rand"]
const stubUnused = {
  name: "stub-unused",
  setup(b) {
    const filter = new RegExp(`^(${unusedAtRunTime.join("|")})(/.*)?$`)
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: "stub" }))
    b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "module.exports = {}", loader: "js" }))
  }
}

const bundles = [
  { entryPoints: [join(root, "apps/cli/src/bin.ts")], outfile: join(dist, "cli.cjs"), plugins: [stubUnused] },
  { entryPoints: [join(root, "apps/server/src/bin.ts")], outfile: join(dist, "server.cjs") }
]
for (const b of bundles) {
  if (!existsSync(b.entryPoints[0])) continue
  await build({ ...common, ...b })
  rmSync(`${b.outfile}.cache`, { force: true })
}

const shellBuild = join(root, "apps/shell/build.mjs")
if (existsSync(shellBuild)) await import(shellBuild)

// Warm the code cache: the loader writes dist/cli.cjs.cache on its first run.
const env = { ...process.env }
for (const k of ["LICH_PORT", "LICH_TOKEN", "LICH_SESSION_ID"]) delete env[k]
try {
  execFileSync(process.execPath, [join(root, "bin/lich"), "help"], { env, stdio: "ignore" })
} catch {
  // A failing warm-up leaves no cache; the first real call writes it instead.
}
console.log(`built lich ${version}: ${bundles.map((b) => b.outfile.slice(root.length + 1)).join(", ")}`)
