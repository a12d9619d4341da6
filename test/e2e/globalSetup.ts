/**
 * Installs the pinned provider CLIs the e2e suites run, once, before any of their files start: the
 * suites run in parallel, and each would otherwise download the same ~400 MB package at the same time.
 * Nothing is downloaded when the cache already holds them (providers.ts).
 */
import { CLAUDE, CODEX, ensureCli, OMP, OPENCODE } from "./providers.js"

export default function setup(): void {
  for (const cli of [CLAUDE, CODEX, OPENCODE, OMP]) {
    const t0 = Date.now()
    ensureCli(cli)
    const ms = Date.now() - t0
    // An install is the one slow step a cold run has; say so, so a long first run is not a mystery.
    if (ms > 1000) process.stdout.write(`e2e: installed ${cli.pkg}@${cli.version} into the cache in ${(ms / 1000).toFixed(1)} s\n`)
  }
}
