/**
 * LICH_WORKTREE_PORT: one port per checkout that no other checkout holds and nothing listens on, so
 * two worktrees of one project can each run their dev server without a clash. The start is a hash of
 * the path, so a checkout tends to get the same port across restarts even before the row exists.
 */

import * as net from "node:net"
import { WorktreePorts } from "@lich/store"
import { Effect, Option } from "effect"

/** 24000–24999: above the common dev-server ports, below the ephemeral range. */
export const PORT_BASE = 24_000
export const PORT_SPAN = 1_000

export const fnv1a32 = (s: string): number => {
  let h = 0x811c9dc5
  for (const byte of Buffer.from(s, "utf8")) {
    h ^= byte
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

/** Binds and releases: the port is free at this instant (the ceiling: only at this instant). */
export const bindable = (port: number) =>
  Effect.async<boolean>((resume) => {
    const server = net.createServer()
    server.once("error", () => resume(Effect.succeed(false)))
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resume(Effect.succeed(true))))
  })

export const reservePort = Effect.fn("Spawn.reservePort")(function* (path: string) {
  const ports = yield* WorktreePorts
  const held = yield* ports.get(path)
  if (Option.isSome(held)) return held.value
  const taken = new Set((yield* ports.all()).map((r) => r.port))
  const start = fnv1a32(path) % PORT_SPAN
  for (let i = 0; i < PORT_SPAN; i++) {
    const port = PORT_BASE + ((start + i) % PORT_SPAN)
    if (taken.has(port) || !(yield* bindable(port))) continue
    if (yield* ports.reserve(path, port)) return port
  }
  return 0
})
