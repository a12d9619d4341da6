/**
 * @lich/doctor — would lich start on this machine, and what would stop it? The checks return data;
 * the CLI renders it (apps/cli/src/render/doctor.ts).
 */
export * from "./Check.js"
export { browser, diagnose, gh, git, home, listener, log, PROBE_FILE, providersOnPath, sandbox, store } from "./checks.js"
export { type BrowserAnswer, type Machine, machine, whichOn } from "./Machine.js"
