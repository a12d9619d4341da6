/**
 * `lich doctor`'s report. The lines are interface: a bug report quotes them and CI greps the
 * verdict. Rows are `  %-5s %-10s%7s  %s` — verdict, check, time, detail — then the total and one
 * sentence saying whether lich would start.
 */
import type { CheckResult, Report } from "@lich/doctor"

/** Below a millisecond reads `<1ms`: a rounded 0ms would claim a check cost nothing. */
export const duration = (ms: number): string => (ms < 1 ? "<1ms" : `${Math.round(ms)}ms`)

const row = (verdict: string, name: string, ms: number, detail: string): string =>
  `  ${verdict.padEnd(5)} ${name.padEnd(10)}${duration(ms).padStart(7)}  ${detail}`.trimEnd()

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

export const verdictLine = (checks: ReadonlyArray<CheckResult>): string => {
  const fails = checks.filter((c) => c.verdict === "fail").length
  const warns = checks.filter((c) => c.verdict === "warn").length
  if (fails > 0) {
    return `${fails} ${plural(fails, "check above stops", "checks above stop")} a launch here. Fix ${plural(fails, "it", "them")} first.`
  }
  if (warns > 0) return `lich starts. ${warns} ${plural(warns, "warning above limits", "warnings above limit")} something it offers.`
  return "lich starts here — nothing is in the way."
}

/** `platform` is Go's spelling (linux/amd64): the line the original printed, quoted in bug reports. */
export const renderDoctor = (version: string, platform: string, r: Report): string =>
  [
    `lich v${version} — ${platform}`,
    "",
    ...r.checks.map((c) => row(c.verdict, c.name, c.ms, c.detail)),
    row("", "total", r.totalMs, ""),
    "",
    verdictLine(r.checks)
  ].join("\n")

const GO_ARCH: Readonly<Record<string, string>> = { x64: "amd64", ia32: "386", arm: "arm", arm64: "arm64" }

/** `linux/amd64`: os/arch in the words the original's reports and the contract use. */
export const platformOf = (platform: string = process.platform, arch: string = process.arch): string =>
  `${platform === "win32" ? "windows" : platform}/${GO_ARCH[arch] ?? arch}`
