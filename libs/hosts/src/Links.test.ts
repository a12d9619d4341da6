/**
 * The links' state machine over the fake ssh, under TestClock: connecting, the refusals and when
 * each is tried again, the backoff after a drop, a far start, removal ending the link. The far lich
 * is a small HTTP server of the test's own answering the handshake, so the call through the
 * "forward" is a real one. test/hosts*.test.ts run the same paths over a real sshd.
 */

import * as http from "node:http"
import { it } from "@effect/vitest"
import { HostHello, type LichEvent } from "@lich/contract"
import { EventHub } from "@lich/events"
import { StoreMemory } from "@lich/store"
import { Chunk, Duration, Effect, Layer, Queue, type Scope, TestClock } from "effect"
import { describe, expect } from "vitest"
import { type FakeSsh, makeFakeSsh } from "./FakeSsh.js"
import type { Hello } from "./hello.js"
import { Links, LinksLayer } from "./Links.js"
import { Ssh, SshFailure } from "./Ssh.js"

const FAR_PORT = 47999
const TOKEN = "f".repeat(32)
const running: Hello = { protocol: 1, version: "9.9.9", running: true, port: FAR_PORT, token: TOKEN, server: "9.9.9" }
const notRunning: Hello = { protocol: 1, version: "9.9.9", running: false }

interface FarLich {
  readonly port: number
  /** What each handshake carried: its Host header and whether the token was the far one's. */
  readonly seen: Array<{ host: string | undefined; token: boolean }>
}

/** A stand-in for the far lich behind the forward: answers hosts.Hello with `protocol`. */
const farLich = (protocol = 1) =>
  Effect.acquireRelease(
    Effect.async<FarLich & { server: http.Server }>((resume) => {
      const seen: FarLich["seen"] = []
      const server = http.createServer((req, res) => {
        const url = new URL(req.url ?? "/", "http://x")
        seen.push({ host: req.headers.host, token: url.searchParams.get("token") === TOKEN })
        res.setHeader("content-type", "application/json")
        res.end(JSON.stringify(new HostHello({ version: "9.9.9", protocol })))
      })
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed({ port: (server.address() as { port: number }).port, seen, server })))
    }),
    (f) => Effect.async<void>((resume) => void f.server.close(() => resume(Effect.void)))
  )

const layerFor = (fake: FakeSsh) =>
  LinksLayer.pipe(Layer.provide(Layer.succeed(Ssh, fake.ssh)), Layer.provideMerge(EventHub.layer), Layer.provideMerge(StoreMemory))

/** The first host-status for `name` in `state` from now on (subscribed before the act that causes it). */
const statusIn = (q: Queue.Dequeue<LichEvent>, state: string) =>
  Queue.take(q).pipe(
    Effect.repeat({ until: (e) => e._tag === "host-status" && e.state === state }),
    Effect.map((e) => e as Extract<LichEvent, { _tag: "host-status" }>)
  )

/**
 * Until the actor has set its backoff timer: the status is published before the timer is set, and
 * a clock moved before it is would move past nothing. Runs on the fiber scheduler, no wall clock.
 */
const backingOff = Effect.yieldNow().pipe(Effect.zipRight(TestClock.sleeps()), Effect.repeat({ until: (s) => Chunk.size(s) > 0 }))

const run = (protocol: number, body: (fake: FakeSsh, far: FarLich) => Effect.Effect<void, unknown, Links | EventHub | Scope.Scope>) =>
  Effect.gen(function* () {
    const far = yield* farLich(protocol)
    const fake = yield* makeFakeSsh(far.port)
    yield* body(fake, far).pipe(Effect.provide(layerFor(fake)))
  })

const addDevbox = Effect.flatMap(Links, (l) => Effect.fork(l.add({ name: "devbox", destination: "me@devbox", lich: "" })))

describe("a host's link", () => {
  it.scoped("connects through hello, forward and handshake, and shows the far lich's version", () =>
    run(1, (fake, far) =>
      Effect.gen(function* () {
        const added = yield* addDevbox
        yield* fake.answer(running)
        const fwd = yield* Queue.take(fake.forwards)
        expect(fwd.remotePort).toBe(FAR_PORT)
        const status = yield* added.await.pipe(Effect.flatten)
        expect(status).toMatchObject({ name: "devbox", destination: "me@devbox", state: "connected", message: "", version: "9.9.9" })
        // The far lich checks Host against its own port: the header names it, not the forward's.
        expect(far.seen).toEqual([{ host: `127.0.0.1:${FAR_PORT}`, token: true }])
        expect((yield* (yield* Links).via("DevBox")).remotePort).toBe(FAR_PORT)
      })
    )
  )

  it.scoped("says no lich runs there, and a connect with start asks the far side to start one", () =>
    run(1, (fake) =>
      Effect.gen(function* () {
        const links = yield* Links
        const added = yield* addDevbox
        yield* fake.answer(notRunning)
        const first = yield* added.await.pipe(Effect.flatten)
        expect(first.state).toBe("no-lich")
        expect(first.message).toBe(
          "no lich is running on devbox — start one there (lich --no-window), or from here: lich hosts connect devbox --start"
        )
        const refused = yield* Effect.flip(links.via("devbox"))
        expect(refused.message).toMatch(/^host "devbox" is not connected \(no-lich: no lich is running on devbox/)
        const connecting = yield* Effect.fork(links.connect("devbox", true))
        yield* fake.answer(running)
        expect((yield* connecting.await.pipe(Effect.flatten)).state).toBe("connected")
        expect(yield* fake.hellos).toEqual([
          { name: "devbox", start: false },
          { name: "devbox", start: true }
        ])
      })
    )
  )

  it.scoped("refuses on an unknown host key with ssh's line, and tries again only when asked", () =>
    run(1, (fake) =>
      Effect.gen(function* () {
        const links = yield* Links
        const added = yield* addDevbox
        yield* fake.answer(new SshFailure({ kind: "refused", message: "ssh to me@devbox failed: Host key verification failed." }))
        const status = yield* added.await.pipe(Effect.flatten)
        expect(status).toMatchObject({ state: "refused", message: "ssh to me@devbox failed: Host key verification failed." })
        // Refused: no timer at all, however long the clock runs.
        yield* TestClock.adjust(Duration.hours(1))
        expect(Chunk.size(yield* TestClock.sleeps())).toBe(0)
        expect((yield* fake.hellos).length).toBe(1)
        const again = yield* Effect.fork(links.connect("devbox", false))
        yield* fake.answer(running)
        expect((yield* again.await.pipe(Effect.flatten)).state).toBe("connected")
      })
    )
  )

  it.scoped("refuses a far lich of another hosts protocol in one line", () =>
    run(2, (fake) =>
      Effect.gen(function* () {
        const added = yield* addDevbox
        yield* fake.answer(running)
        const status = yield* added.await.pipe(Effect.flatten)
        expect(status.state).toBe("refused")
        expect(status.message).toBe("devbox runs lich 9.9.9, which speaks hosts protocol 2; this lich speaks 1 — run the same lich on both")
      })
    )
  )

  it.scoped("marks a dropped link disconnected and reconnects after 1 s, then 2 s while it fails", () =>
    run(1, (fake) =>
      Effect.gen(function* () {
        const events = yield* (yield* EventHub).subscribe
        const added = yield* addDevbox
        yield* fake.answer(running)
        const fwd = yield* Queue.take(fake.forwards)
        yield* added.await
        yield* fwd.drop("Connection to 127.0.0.1 closed by remote host.")
        const dropped = yield* statusIn(events, "disconnected")
        expect(dropped.message).toBe("the link to devbox dropped (Connection to 127.0.0.1 closed by remote host.); lich reconnects")
        yield* backingOff
        yield* TestClock.adjust(Duration.millis(999))
        expect((yield* fake.hellos).length).toBe(1)
        yield* TestClock.adjust(Duration.millis(1))
        yield* statusIn(events, "connecting")
        yield* fake.answer(new SshFailure({ kind: "down", message: "ssh to me@devbox failed: Connection refused" }))
        yield* statusIn(events, "disconnected")
        yield* backingOff
        yield* TestClock.adjust(Duration.millis(1999))
        expect((yield* fake.hellos).length).toBe(2)
        yield* TestClock.adjust(Duration.millis(1))
        yield* statusIn(events, "connecting")
        yield* fake.answer(running)
        yield* Queue.take(fake.forwards)
        expect((yield* statusIn(events, "connected")).version).toBe("9.9.9")
      })
    )
  )

  it.scoped("ends the link's ssh when the host is removed, forgets it, and tells every window", () =>
    run(1, (fake) =>
      Effect.gen(function* () {
        const links = yield* Links
        const added = yield* addDevbox
        yield* fake.answer(running)
        const fwd = yield* Queue.take(fake.forwards)
        yield* added.await
        const events = yield* (yield* EventHub).subscribe
        expect((yield* links.remove("devbox")).state).toBe("connected")
        yield* fwd.released
        expect(yield* links.list).toEqual([])
        // Every open window hears of it, and it is the last word on the host: no status of its follows.
        expect([...(yield* Queue.takeAll(events))]).toEqual([{ _tag: "host-removed", name: "devbox" }])
        const gone = yield* Effect.flip(links.via("devbox"))
        expect(gone.message).toBe('no host named "devbox" — none is added yet: lich hosts add devbox <ssh-destination>')
      })
    )
  )

  it.scoped("refuses a second host of the same name in any case", () =>
    run(1, (fake) =>
      Effect.gen(function* () {
        const links = yield* Links
        const added = yield* addDevbox
        yield* fake.answer(notRunning)
        yield* added.await
        const twice = yield* Effect.flip(links.add({ name: "DEVBOX", destination: "x", lich: "" }))
        expect(twice.message).toBe('a host named "DEVBOX" exists already — lich hosts remove DEVBOX first to change it')
      })
    )
  )
})
