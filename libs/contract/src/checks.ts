/**
 * The contract's checks that no Schema bound names (a set of characters, a name's form), as plain
 * predicates with the one-line refusal each gives. The schemas filter with these (ids.ts, hosts.ts,
 * rpcHosts.ts) and tag the filter with `checkId`, so a client that reads values without Schema —
 * the CLI's commands, whose wire shapes are derived from the schemas at build time
 * (apps/cli/src/wire/derive.ts) — finds the check by that tag and runs the very same predicate. The
 * contract stays the one definition. Imports nothing: such a client may evaluate no Schema.
 */

/** 64 chars: a sidebar header and a `lich hosts` column, long enough for any machine's nickname. */
export const MAX_HOST_NAME_CHARS = 64
/** 255 bytes: a DNS name is at most 253, and a user@ and a :port fit beside one alias. */
export const MAX_DESTINATION_CHARS = 255
/** 1024 chars: a path to the lich command on the far side; "" means `lich` on that host's PATH. */
export const MAX_LICH_COMMAND_CHARS = 1024

// eslint-disable-next-line no-control-regex
const C0_C1 = /[\u0000-\u001f\u007f-\u009f]/
// eslint-disable-next-line no-control-regex
const C0_DEL = /[\u0000-\u001f\u007f]/
// eslint-disable-next-line no-control-regex
const BLANK_OR_C0 = /[\s\u0000-\u001f\u007f]/

export interface Check {
  readonly test: (s: string) => boolean
  /** The refusal a person reads: the filter's message, word for word. */
  readonly message: string
}

export const checks = {
  /** A session's name: drawn in a sidebar row and a tab-separated column, so no control characters. */
  label: {
    test: (s) => !C0_C1.test(s),
    message: "a session's name cannot hold tabs, newlines or other control characters"
  },
  /** A host's name: typed after `--host` and printed in a column, so nothing a shell must quote. */
  hostName: {
    test: (s) => s.length <= MAX_HOST_NAME_CHARS && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(s),
    message: `a host's name is 1 to ${MAX_HOST_NAME_CHARS} letters, digits, dots, dashes or underscores, starting with a letter or a digit`
  },
  /** What ssh is told to reach, handed over after `--`: never an option, a blank or a control character. */
  destination: {
    test: (s) => s.length > 0 && s.length <= MAX_DESTINATION_CHARS && !s.startsWith("-") && !BLANK_OR_C0.test(s),
    message: `an ssh destination is [user@]host[:port] or a Host alias of your ssh config: 1 to ${MAX_DESTINATION_CHARS} characters, no blanks, not starting with "-"`
  },
  /** The lich command on a host, run by its login shell: a control character would break the line. */
  lichCommand: {
    test: (s) => s.length <= MAX_LICH_COMMAND_CHARS && !C0_DEL.test(s),
    message: `the lich command on a host is a path of at most ${MAX_LICH_COMMAND_CHARS} characters, without control characters`
  }
} as const satisfies Record<string, Check>

export type CheckName = keyof typeof checks

/** The tag a schema's filter carries (its `schemaId`) to say which check it is. */
export const checkId = (name: CheckName): symbol => Symbol.for(`lich/check/${name}`)

/** The check a filter's `schemaId` names, if it is one of these. */
export const checkNamed = (id: unknown): CheckName | undefined => {
  const key = typeof id === "symbol" ? Symbol.keyFor(id) : undefined
  const name = key?.startsWith("lich/check/") ? key.slice("lich/check/".length) : undefined
  return name !== undefined && Object.hasOwn(checks, name) ? (name as CheckName) : undefined
}
