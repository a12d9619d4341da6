/**
 * The archive `lich rage` writes: report.md, env.txt, logs/ and diagnostics.txt under one root
 * directory named like the file, every entry 0600, every text masked (the token by value, and any
 * `token=` shape) on its way in — the one place masking happens, so no entry can skip it.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { redact } from "../redact.js"
import type { Instance, LogTail } from "./facts.js"
import { tarGz } from "./tar.js"

export interface BundleInput {
  readonly reportMd: string
  readonly envTxt: string
  readonly logs: ReadonlyArray<LogTail>
  readonly instance: Instance
  /** Every token that may appear: the running lich's, and the runtime file's. */
  readonly tokens: ReadonlyArray<string>
  /** The relay's last errands, one JSON record a line, their words reduced to lengths; absent when no lich answered. */
  readonly errands?: string
}

/** What stands in for the stacks when the lich holds its port and will not answer: the finding. */
export const silentSentence = (i: Extract<Instance, { _tag: "silent" }>): string =>
  `lich (pid ${i.pid ?? "unknown"}) holds port ${i.port} but did not answer within 5 s, so its stacks could not be collected — it is stuck, not slow.\n`

/** `lich-rage-20260810-150405.tar.gz` → `lich-rage-20260810-150405`: the root every entry sits under. */
export const rootOf = (file: string): string => path.basename(file).replace(/\.(tar\.gz|tgz)$/, "") || "lich-rage"

/** `lich-rage-YYYYMMDD-HHMMSS.tar.gz` in local time, as a person reads their clock. */
export const defaultName = (now: Date): string => {
  const p = (n: number) => String(n).padStart(2, "0")
  return `lich-rage-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}.tar.gz`
}

export const entries = (root: string, b: BundleInput) => {
  const mask = (text: string) => redact(text, b.tokens)
  const files: Array<{ name: string; data: string }> = [
    { name: `${root}/report.md`, data: mask(b.reportMd) },
    { name: `${root}/env.txt`, data: mask(b.envTxt) },
    ...b.logs.map((l) => ({ name: `${root}/logs/${l.name}`, data: mask(l.text) }))
  ]
  if (b.instance._tag === "running") files.push({ name: `${root}/diagnostics.txt`, data: mask(b.instance.report) })
  if (b.instance._tag === "silent") files.push({ name: `${root}/diagnostics.txt`, data: silentSentence(b.instance) })
  if (b.errands !== undefined) files.push({ name: `${root}/errands.jsonl`, data: mask(b.errands) })
  return [{ name: `${root}/` }, ...(b.logs.length > 0 ? [{ name: `${root}/logs/` }] : []), ...files]
}

/** Writes the archive at `file` (0600); a partial file is removed when anything fails. */
export const writeBundle = (file: string, b: BundleInput): void => {
  const data = tarGz(entries(rootOf(file), b))
  try {
    fs.writeFileSync(file, data, { mode: 0o600, flag: "wx" })
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") fs.rmSync(file, { force: true })
    throw e
  }
}
