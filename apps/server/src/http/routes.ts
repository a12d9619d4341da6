/** What the Listener serves, as the server hands it over: its routes and options. */
import type { Effect, Scope } from "effect"
import type { WebSocket } from "ws"

export interface Routes<R> {
  /** `after` runs once the reply has been written: quit answers before it ends anything. */
  readonly rpc: (
    tag: string,
    body: string
  ) => Effect.Effect<{ status: number; body: unknown; after?: Effect.Effect<void> | undefined }, never, R>
  readonly events: (ws: WebSocket) => Effect.Effect<void, never, Scope.Scope | R>
  readonly terminal: (ws: WebSocket) => Effect.Effect<void, never, Scope.Scope | R>
  /**
   * `/hosts/<name>/events` and `/hosts/<name>/ws`: a host's sockets through its forward, made ready
   * (the far socket open) before the window's handshake is answered.
   */
  readonly far?: (host: string, path: "/events" | "/ws") => Effect.Effect<FarJoin, never, R>
  /** Hook endpoints: path → handler of the raw body and the `X-Lich-Plugin` header ("" when absent). */
  readonly post: ReadonlyMap<string, (body: string, plugin: string) => Effect.Effect<{ status: number; text?: string }, never, R>>
  /** Hook routes over GET (the mod's long poll and status): path → handler of the query and `X-Lich-Plugin`. */
  readonly get?: ReadonlyMap<
    string,
    (query: URLSearchParams, plugin: string) => Effect.Effect<{ status: number; body?: unknown }, never, R>
  >
  /** Hook bodies allowed past MAX_HOOK_BODY, by path (an ack carries a side answer). */
  readonly postLimits?: ReadonlyMap<string, number>
  /** `POST /launch`: trades a one-time launch code for the token, so it is served without one. */
  readonly launch?: (body: string) => Effect.Effect<{ status: number; body: unknown }, never, R>
}

/** A far socket made ready: joined to the window's once upgraded, or let go if the window left meanwhile. */
export interface FarJoin {
  readonly join: (ws: WebSocket) => void
  readonly abandon: () => void
}

export interface ListenerOptions {
  readonly port: number
  readonly token: string
  readonly staticRoot: string
}
