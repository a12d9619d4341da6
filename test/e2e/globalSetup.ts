/**
 * Installs the pinned provider CLIs the e2e suites run, once, before any of their files start, all four
 * at once (each is mostly a download): the suites would otherwise each install their own, and one after
 * another they took minutes of a fresh machine's CI. Nothing is downloaded when the cache already holds
 * them (providers.ts).
 */
import { CLAUDE, CODEX, installCli, OMP, OPENCODE } from "./providers.js"

export default async function setup(): Promise<void> {
  const t0 = Date.now()
  const took = await Promise.all(
    [CLAUDE, CODEX, OPENCODE, OMP].map(async (cli) => {
      const t = Date.now()
      await installCli(cli)
      return { cli, ms: Date.now() - t }
    })
  )
  // An install is the one slow step a cold run has; say so, so a long first run is not a mystery.
  for (const { cli, ms } of took) {
    if (ms > 1000) process.stdout.write(`e2e: installed ${cli.pkg}@${cli.version} into the cache in ${(ms / 1000).toFixed(1)} s\n`)
  }
  if (Date.now() - t0 > 1000) process.stdout.write(`e2e: the installs took ${((Date.now() - t0) / 1000).toFixed(1)} s together\n`)
}
