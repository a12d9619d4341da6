// How every lich mod talks to the lich that started its session: which lich (the three LICH_*
// variables), which URL, which header. Nothing here touches Claude Code's `$`: lich.js owns every
// `$` call and hands the mods plain functions, so this file (and every mod) runs under a fake in
// the unit tests exactly as it runs inside Claude Code.

/** The plugin release this tree is, sent as X-Lich-Plugin. Equal to .claude-plugin/plugin.json's
 * version and post.sh's LICH_PLUGIN_VERSION (a test checks all three). */
export const PLUGIN_VERSION = "0.19.0"

/** The longest `error` an ack may carry: lich keeps 120 characters, so more would only be cut there. */
export const ERROR_CAP = 120

/**
 * The lich this session belongs to, or undefined when it belongs to none. Each variable must have
 * the only shape lich hands out (as post.sh checks): anything else is not lich's, and a mod that
 * cannot tell whose it is stays silent.
 * @param {string | undefined} port
 * @param {string | undefined} token
 * @param {string | undefined} sessionId
 */
export const lichOf = (port, token, sessionId) =>
  typeof port === "string" &&
  /^[0-9]{1,5}$/.test(port) &&
  typeof token === "string" &&
  /^[0-9a-fA-F]+$/.test(token) &&
  typeof sessionId === "string" &&
  /^[0-9A-Za-z._-]+$/.test(sessionId)
    ? { port, token, sessionId }
    : undefined

/** `http://127.0.0.1:<port><path>?token=…`, and for a GET `&session_id=…` too. Loopback only. */
export const urlOf = (lich, path, withSession = false) =>
  `http://127.0.0.1:${lich.port}${path}?token=${encodeURIComponent(lich.token)}` +
  (withSession ? `&session_id=${encodeURIComponent(lich.sessionId)}` : "")

export const getInit = () => ({ method: "GET", headers: { "X-Lich-Plugin": PLUGIN_VERSION } })

/** A POST of `body` (an object; session_id is added) as JSON. */
export const postInit = (lich, body) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", "X-Lich-Plugin": PLUGIN_VERSION },
  body: JSON.stringify({ session_id: lich.sessionId, ...body })
})

/** One line, at most ERROR_CAP characters (code points, so a cut never splits one). */
export const oneLine = (text) => {
  const flat = String(text).replace(/\s+/g, " ").trim()
  const points = Array.from(flat)
  return points.length > ERROR_CAP ? points.slice(0, ERROR_CAP).join("") : flat
}

/** The message of whatever a rejected `$` call threw, as one capped line. */
export const reasonOf = (error) =>
  oneLine(error instanceof Error ? error.message : typeof error === "string" ? error : "failed") || "failed"

/**
 * A serial lane: each task starts once the one before it settled, and a failure never stops the
 * lane. What a task returns or throws is swallowed — a mod has no one to tell.
 */
export const lane = () => {
  let tail = Promise.resolve()
  return (task) => {
    const run = tail.then(task).then(
      () => undefined,
      () => undefined
    )
    tail = run
    return run
  }
}
