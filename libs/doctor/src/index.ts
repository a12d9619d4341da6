/**
 * @lich/doctor — would lich start on this machine, and what would stop it? The checks return data;
 * the CLI renders it (apps/cli/src/render/doctor.ts).
 */
export * from "./Check.js"
export { browser, diagnose, gh, git, home, listener, log, PROBE_FILE, providersOnPath, sandbox, store } from "./checks.js"
export { type BrowserAnswer, type Machine, machine, whichOn } from "./Machine.js"
export { defaultName, entries, rootOf, silentSentence, writeBundle, type BundleInput } from "./rage/bundle.js"
export { ENV_ALLOWLIST, envText } from "./rage/env.js"
export {
  type Answer,
  DIAGNOSTICS_TIMEOUT_MS,
  type DirEntry,
  findInstance,
  type Instance,
  instanceLine,
  listDir,
  LOG_TAIL_BYTES,
  logFiles,
  type LogTail,
  type ProviderFact,
  providerFacts,
  tail
} from "./rage/facts.js"
export { tar, tarGz, type TarEntry, untar } from "./rage/tar.js"
export { redact, REDACTED, SECRET_NAME } from "./redact.js"
