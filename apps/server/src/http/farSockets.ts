/**
 * A host's window sockets through its forward: `/hosts/<name>/events` and `/hosts/<name>/ws` here
 * are the far lich's `/events` and `/ws`, frame for frame, so a window reads a host's events and
 * drives its terminals with the same code it uses for this lich's (the frames are the contract's,
 * not rewritten). The far token is added here and never reaches the page; the Host header names the
 * far lich's own port, which it checks.
 *
 * The far socket is opened first and the window's handshake answered only then, so a window that
 * reloads a host's state once its socket opens (as it does for this lich) misses no event in between.
 * Either side closing closes the other; the window reconnects as it does to this lich, and a host
 * that is not connected is refused with its reason as the close (1008).
 */
import type { Links } from "@lich/hosts"
import { REPLAY_CAPACITY_BYTES } from "@lich/terminal/contract"
import { Effect, Either } from "effect"
import { WebSocket } from "ws"
import type { FarJoin } from "./Listener.js"

/** 1008 (policy): the host is not connected; the window's reconnect asks again in a second. */
const NOT_CONNECTED = 1008
/** A close reason is at most 123 bytes. */
const reason = (s: string) => Buffer.from(s).subarray(0, 123).toString()
/**
 * The largest frame a far lich sends: a terminal's replay, its whole ring (REPLAY_CAPACITY_BYTES)
 * behind a frame header, with room to spare. 1 MiB closed the far socket (1009) on the replay of any
 * session that had printed more, and the window's reconnect asked for the same replay again.
 */
const MAX_FRAME = REPLAY_CAPACITY_BYTES + 64 * 1024

const pipe = (from: WebSocket, to: WebSocket) =>
  from.on("message", (data: Buffer, isBinary: boolean) => {
    if (to.readyState === WebSocket.OPEN) to.send(data, { binary: isBinary })
  })

const joined = (far: WebSocket): FarJoin => ({
  join: (ws) => {
    pipe(ws, far)
    pipe(far, ws)
    const end = () => {
      far.terminate()
      if (ws.readyState === WebSocket.OPEN) ws.close()
    }
    far.on("close", end)
    ws.on("close", end)
    if (far.readyState !== WebSocket.OPEN) end()
  },
  abandon: () => far.terminate()
})

const refused = (why: string): FarJoin => ({ join: (ws) => ws.close(NOT_CONNECTED, reason(why)), abandon: () => {} })

/** The far socket, open, or the refusal to answer the window with. */
const open = (port: number, remotePort: number, token: string, path: string) =>
  Effect.async<FarJoin>((resume) => {
    const far = new WebSocket(`ws://127.0.0.1:${port}${path}?token=${encodeURIComponent(token)}`, {
      headers: { host: `127.0.0.1:${remotePort}` },
      maxPayload: MAX_FRAME
    })
    far.once("open", () => resume(Effect.succeed(joined(far))))
    // ws words a failure by code or status, never by URL: the token is in none of it.
    far.once("error", (e) => resume(Effect.succeed(refused(`the host's ${path} socket did not open (${e.message})`))))
    return Effect.sync(() => far.terminate())
  })

export const farSockets = (links: Links["Type"]) => (host: string, path: "/events" | "/ws") =>
  Effect.flatMap(Effect.either(links.via(host)), (via) =>
    Either.isLeft(via) ? Effect.succeed(refused(via.left.message)) : open(via.right.port, via.right.remotePort, via.right.token, path)
  )
