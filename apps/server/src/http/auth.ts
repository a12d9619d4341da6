/**
 * Who may talk to the backend. The token is compared in constant time (over fixed-length digests,
 * so not even its length leaks); the Host header must name loopback, which is what stops a web page
 * from reaching us through DNS rebinding — the browser would send the attacker's host name. A
 * browser also says which page a request comes from (Origin): only the window's own origin is
 * accepted, so a page elsewhere in the user's browser that learned the port and token is refused
 * all the same. Clients that are not browsers (the CLI, hooks, curl) send no Origin and are not
 * asked for one.
 */
import * as crypto from "node:crypto"

const digest = (s: string) => crypto.createHash("sha256").update(s).digest()

export const tokenMatches = (given: string | null, expected: string): boolean =>
  given !== null && crypto.timingSafeEqual(digest(given), digest(expected))

const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]

export const hostAllowed = (host: string | undefined, port: number): boolean =>
  host !== undefined && LOOPBACK_HOSTS.some((h) => host === `${h}:${port}` || (port === 80 && host === h))

/** No Origin (not a browser), or the window's own: http://<loopback>:<port>. "null" is refused. */
export const originAllowed = (origin: string | undefined, port: number): boolean =>
  origin === undefined || LOOPBACK_HOSTS.some((h) => origin === `http://${h}:${port}`)
