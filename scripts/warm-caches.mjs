// The build's last step (build.mjs): warm the CLI bundles' V8 code caches. The loader (bin/lich)
// writes a bundle's cache after its first run, with every function that run compiled, and keeps a
// valid one, so each bundle is warmed by the call it is there for:
// - `sessions --json`: dist/cli.cjs.cache (the parser and a plain command's path);
// - `plugin --json`: dist/plugin.cjs.cache (the list's readers);
// - `plugin install nosuch`: dist/commands.cjs.cache (Effect, the runner and a command on Effect,
//   refused before it reads or writes a file).
// Against an empty config dir and home each fails or prints without touching any running lich or
// any of this user's files. The warm-up runs on a private copy of the loader and bundles, and its
// caches are renamed into place: warmed in dist/ itself, any lich call that ran between the
// bundling and the warm-up (a test suite, another build) wrote its own cache first, and the warm-up
// then found a valid cache and kept it (measured: a 216 KiB cache, sessions --json ~2× slower,
// docs/ceilings.md).
import { execFileSync } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const warmUps = [
  ["cli", ["sessions", "--json"]],
  ["plugin", ["plugin", "--json"]],
  ["commands", ["plugin", "install", "nosuch"]]
]

export const warmCaches = (root, dist) => {
  const warmHome = mkdtempSync(join(tmpdir(), "lich-warm-"))
  const env = { ...process.env, HOME: warmHome, XDG_CONFIG_HOME: join(warmHome, "config"), XDG_DATA_HOME: join(warmHome, "data") }
  for (const k of ["LICH_PORT", "LICH_TOKEN", "LICH_SESSION_ID", "LICH_DEV"]) delete env[k]
  mkdirSync(join(warmHome, "bin"))
  mkdirSync(join(warmHome, "dist"))
  copyFileSync(join(root, "bin/lich"), join(warmHome, "bin/lich"))
  for (const [name] of warmUps) copyFileSync(join(dist, `${name}.cjs`), join(warmHome, "dist", `${name}.cjs`))
  for (const [name, args] of warmUps) {
    try {
      execFileSync(process.execPath, [join(warmHome, "bin/lich"), ...args], { env, stdio: "ignore" })
    } catch {
      // Exit 1 (no lich) is the expected outcome; the cache is written on exit all the same.
    }
    const cache = `${name}.cjs.cache`
    if (existsSync(join(warmHome, "dist", cache))) {
      copyFileSync(join(warmHome, "dist", cache), join(dist, `${cache}.${process.pid}`))
      renameSync(join(dist, `${cache}.${process.pid}`), join(dist, cache))
    }
  }
  rmSync(warmHome, { recursive: true, force: true })
}
