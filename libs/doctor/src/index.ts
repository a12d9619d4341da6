/**
 * @lich/doctor — would lich start on this machine, and what would stop it? The checks return data;
 * the CLI renders it (apps/cli/src/render/doctor.ts).
 */
export * from "./Check.js"
export { browser, diagnose, gh, git, home, listener, log, PROBE_FILE, providersOnPath, sandbox, store } from "./checks.js"
export { whichOn } from "./files.js"
export { type BrowserAnswer, type Machine, machine, type PluginBrief } from "./Machine.js"
export { type BundleInput, defaultName, entries, rootOf, silentSentence, writeBundle } from "./rage/bundle.js"
export { ENV_ALLOWLIST, envText } from "./rage/env.js"
export {
  type Answer,
  DIAGNOSTICS_TIMEOUT_MS,
  type DirEntry,
  findInstance,
  type Instance,
  instanceLine,
  LOG_TAIL_BYTES,
  type LogTail,
  listDir,
  logFiles,
  type ProviderFact,
  providerFacts,
  tail
} from "./rage/facts.js"
export { type TarEntry, tar, tarGz, untar } from "./rage/tar.js"
export { REDACTED, redact, SECRET_NAME } from "./redact.js"
