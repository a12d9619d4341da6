/**
 * The loopback token never leaves a process in the clear: not into lich.log, not into a bug
 * report. Masked two ways, because each catches what the other cannot — by value for the token
 * of the lich at hand, and by the `token=` query shape for every earlier lich's token, whose value
 * nothing remembers. Pure strings in, strings out; no `node:*`, so the CLI and the server share it.
 */

export const REDACTED = "<REDACTED>"

/** 8 characters: shorter "tokens" (a test's "t") would mask ordinary words all over a log. */
const MIN_TOKEN_LENGTH = 8

/** `token=<value>` up to whitespace, `&`, or a quote — how a URL or a log line carries one. */
const TOKEN_QUERY = /(token=)[^\s&"'`<>]+/gi

export const redact = (text: string, tokens: ReadonlyArray<string> = []): string => {
  let out = text
  for (const t of tokens) if (t.length >= MIN_TOKEN_LENGTH) out = out.split(t).join(REDACTED)
  return out.replace(TOKEN_QUERY, (_m, key: string) => `${key}${REDACTED}`)
}

/** Names that say their value is a credential: shown as set or unset, never as a value. */
export const SECRET_NAME = /token|key|secret|password|passwd|credential/i
