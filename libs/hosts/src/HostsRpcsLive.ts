/**
 * The hosts RPC group, implemented against the contract's payloads: the user's list (Links); what a
 * far lich calls here (the handshake, and Incoming's errand, outcome and ack); and what a sender
 * here calls to address a session on a host (Outgoing's send and wait; peers and open, each the
 * local procedure called on the far lich as the command line, `from` ""; and the far window state
 * for a window here, with the close, start and branches its cards and worktree dialog ask for).
 */
import { Close, HOSTS_PROTOCOL, HostHello, HostsRpcs, ListBranches, Open, Peers, Start, State } from "@lich/contract"
import { Effect, Layer } from "effect"
import { farCall } from "./Far.js"
import { HostsConfig } from "./HostsConfig.js"
import { Incoming, IncomingLayer } from "./Incoming.js"
import { Links, LinksLayer } from "./Links.js"
import { openSsh } from "./OpenSsh.js"
import { Outgoing, OutgoingLayer } from "./Outgoing.js"
import { across } from "./onHost.js"
import { Ssh } from "./Ssh.js"

/** 60 s: an open may fetch a branch and add a worktree on the host (the CLI's own budget for it). */
const OPEN_MS = 60_000

export const HostsHandlers = HostsRpcs.toLayer(
  Effect.gen(function* () {
    const links = yield* Links
    const config = yield* HostsConfig
    const incoming = yield* Incoming
    const outgoing = yield* Outgoing
    return {
      "hosts.List": () => links.list,
      "hosts.Add": (p) => links.add(p),
      "hosts.Remove": ({ name }) => links.remove(name),
      "hosts.Connect": ({ name, start }) => links.connect(name, start),
      "hosts.Hello": () => Effect.succeed(new HostHello({ version: config.version, protocol: HOSTS_PROTOCOL })),
      "hosts.Errand": (p) => incoming.accept(p),
      "hosts.Outcome": (p) => incoming.outcome(p),
      "hosts.Ack": ({ ticket }) => Effect.as(incoming.ack(ticket), {}),
      "hosts.Send": (p) => outgoing.send(p),
      "hosts.Wait": (p) => outgoing.wait(p),
      "hosts.Peers": ({ host }) => across(links, host, (via) => farCall(via, "relay.", Peers, { from: "" })),
      "hosts.Open": ({ host, from: _, ...p }) => across(links, host, (via) => farCall(via, "spawn.", Open, { ...p, from: "" }, OPEN_MS)),
      "hosts.State": ({ host }) => across(links, host, (via) => farCall(via, "system.", State, {})),
      // A close may remove a worktree on the host, which git can take a while over: the open's budget.
      "hosts.Close": ({ host, from: _, ...p }) => across(links, host, (via) => farCall(via, "spawn.", Close, { ...p, from: "" }, OPEN_MS)),
      "hosts.Start": ({ host, from: _, ...p }) => across(links, host, (via) => farCall(via, "spawn.", Start, { ...p, from: "" })),
      "hosts.Branches": ({ host, project }) => across(links, host, (via) => farCall(via, "desk.", ListBranches, { project }))
    }
  })
)

/** The whole lib over the store, the event hub and the relay's CrossHost: ssh as the config says. */
export const HostsLayer = HostsHandlers.pipe(
  Layer.provideMerge(Layer.merge(OutgoingLayer, IncomingLayer)),
  Layer.provideMerge(LinksLayer),
  Layer.provide(
    Layer.effect(
      Ssh,
      Effect.map(HostsConfig, (c) => openSsh(c.ssh))
    )
  )
)
