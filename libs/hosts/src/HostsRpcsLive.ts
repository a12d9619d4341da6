/**
 * The hosts RPC group, implemented against the contract's payloads: the user's list (Links), the
 * handshake a far lich makes, and the procedures that address a session on a host, each the local
 * procedure called on the far lich through its forward as the command line (`from` ""), whose
 * typed refusals come back as the same refusals here, said to be the host's.
 */
import { Ambiguous, Failed, HOSTS_PROTOCOL, HostHello, HostsRpcs, type LichError, NotFound, Open, Peers, Refused } from "@lich/contract"
import { Effect, Layer } from "effect"
import { FarDown, farCall, type Via } from "./Far.js"
import { HostsConfig } from "./HostsConfig.js"
import { Links, LinksLayer } from "./Links.js"
import { openSsh } from "./OpenSsh.js"
import { Ssh } from "./Ssh.js"

/** 60 s: an open may fetch a branch and add a worktree on the host (the CLI's own budget for it). */
const OPEN_MS = 60_000

/** The same refusal, its message said to be the host's. */
export const saidOn = (host: string, e: LichError): LichError => {
  const message = `on host "${host}": ${e.message}`
  switch (e._tag) {
    case "NotFound":
      return new NotFound({ what: e.what, name: e.name, message })
    case "Ambiguous":
      return new Ambiguous({ name: e.name, message })
    case "Refused":
      return new Refused({ message })
    case "Failed":
      return new Failed({ message })
  }
}

/** A far refusal, said to be the host's; a link that failed under the call, as a failure here. */
const onHost =
  (host: string) =>
  (e: LichError | FarDown): LichError =>
    e instanceof FarDown
      ? new Failed({ message: `host "${host}": the link failed under the call (${e.message}) — lich hosts shows its state` })
      : saidOn(host, e)

/** Runs `f` against the host's forward, its failures said to be the host's. */
export const across = <A>(links: Links["Type"], host: string, f: (via: Via) => Effect.Effect<A, LichError | FarDown>) =>
  Effect.flatMap(links.via(host), (via) => f(via).pipe(Effect.mapError(onHost(host))))

export const HostsHandlers = HostsRpcs.toLayer(
  Effect.gen(function* () {
    const links = yield* Links
    const config = yield* HostsConfig
    return {
      "hosts.List": () => links.list,
      "hosts.Add": (p) => links.add(p),
      "hosts.Remove": ({ name }) => links.remove(name),
      "hosts.Connect": ({ name, start }) => links.connect(name, start),
      "hosts.Hello": () => Effect.succeed(new HostHello({ version: config.version, protocol: HOSTS_PROTOCOL })),
      "hosts.Peers": ({ host }) => across(links, host, (via) => farCall(via, "relay.", Peers, { from: "" })),
      "hosts.Open": ({ host, from: _, ...p }) => across(links, host, (via) => farCall(via, "spawn.", Open, { ...p, from: "" }, OPEN_MS))
    }
  })
)

/** The whole lib over the store and the event hub: ssh as the config says, the links, the handlers. */
export const HostsLayer = HostsHandlers.pipe(
  Layer.provideMerge(LinksLayer),
  Layer.provide(
    Layer.effect(
      Ssh,
      Effect.map(HostsConfig, (c) => openSsh(c.ssh))
    )
  )
)
