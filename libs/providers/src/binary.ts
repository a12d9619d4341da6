// Which executable a session of a given kind runs. The caller hands in the environment and the stored
// setting rather than this module reading them, so the answer is a pure function of its inputs and the
// same rule serves the server, `lich doctor` and tests alike.

import { type ProviderId, provider } from "./Provider.js"

export interface BinaryInput {
  /** The binary configured in Settings › Providers for this kind, if any. */
  readonly setting?: string | undefined
  readonly env: Readonly<Record<string, string | undefined>>
}

/** A value that is absent, empty or only whitespace names nothing and falls through to the next layer. */
const present = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim()
  return trimmed === undefined || trimmed === "" ? undefined : trimmed
}

/**
 * The environment override wins over the setting because it is the narrower, more deliberate choice: it
 * is set for one process tree (a test, a wrapper script) while the setting is shared by every session on
 * the machine. A shell session then falls back to the user's own $SHELL, and only then to /bin/sh.
 */
export const resolveBinary = (id: ProviderId, input: BinaryInput): string => {
  const p = provider(id)
  const chosen = present(input.env[p.binaryEnv]) ?? present(input.setting)
  if (chosen !== undefined) return chosen
  if (id === "shell") return present(input.env.SHELL) ?? p.defaultBinary
  return p.defaultBinary
}
