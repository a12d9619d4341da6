/**
 * Getting the token. The browser is started with a one-time launch code, never the token (argv is
 * world-readable); the page trades it once at `POST /launch` and keeps the token in sessionStorage,
 * which survives a reload and dies with the window. `?token=` is still taken for a person who opened
 * the URL the backend printed. Either way the address bar is cleaned at once.
 */
const KEY = "lich.token"

export class NoToken extends Error {}

export const obtainToken = async (): Promise<string> => {
  const url = new URL(location.href)
  const code = url.searchParams.get("launch")
  const given = url.searchParams.get("token")
  if (code !== null || given !== null) history.replaceState(null, "", "/")
  if (code !== null) {
    const res = await fetch("/launch", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code }) })
    if (res.ok) {
      const { token } = (await res.json()) as { token: string }
      sessionStorage.setItem(KEY, token)
      return token
    }
    // A spent code (a reload raced the replaceState) still has the stored token to fall back on.
  }
  if (given !== null && given !== "") {
    sessionStorage.setItem(KEY, given)
    return given
  }
  const stored = sessionStorage.getItem(KEY)
  if (stored) return stored
  throw new NoToken("this window has no token: open it with lich")
}
