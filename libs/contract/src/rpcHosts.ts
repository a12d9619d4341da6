/**
 * The hosts procedures, served at `/rpc/hosts.<Method>`. Three audiences:
 * - the user (CLI, window): list, add, remove and connect hosts;
 * - a lich on another machine, through its forward: Hello (the handshake), and Errand, Outcome and
 *   Ack (a task sent from there, followed to its end here, and let go of once it is filed there);
 * - a sender here addressing a session on a host (`--host`): Send, Wait, Peers and Open, each the
 *   relay's or spawn's own payload with the host's name beside it, answering what the local one does;
 *   and State, the host's window state, for a window here, with Close, Start and Branches: what the
 *   window's cards and worktree dialog call on a host, each the local procedure with the host beside it.
 * The exported names carry `Host` because rpc.ts already names the local Send, Wait, Peers and Open.
 */
// Deep imports: the @effect/rpc index drags its HTTP client and server into every bundle.
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { checkId, checks } from "./checks.js"
import { Branches } from "./desk.js"
import { Destination, FarErrand, HostHello, HostName, HostStatus } from "./hosts.js"
import { Ticket } from "./ids.js"
import { RelayResult } from "./relay.js"
import { ClosePayload, OpenPayload, StartPayload } from "./rpc.js"
import { error, from, project } from "./rpcFields.js"
import { SendPayload, WaitPayload } from "./rpcRelay.js"
import { Closed, Opened, Peer, Started } from "./session.js"
import { WindowState } from "./window.js"

/** The lich command on the host, run by its login shell: no control characters, or the line would break. */
export const LichCommand = Schema.String.pipe(
  Schema.filter(checks.lichCommand.test, { schemaId: checkId("lichCommand"), message: () => checks.lichCommand.message })
)

export const HostAddPayload = Schema.Struct({ name: HostName, destination: Destination, lich: LichCommand })
export type HostAddPayload = typeof HostAddPayload.Type
export const HostNamePayload = Schema.Struct({ name: HostName })
export type HostNamePayload = typeof HostNamePayload.Type
/** start: when no lich runs there, start `lich --no-window` on the host first. */
export const HostConnectPayload = Schema.Struct({ name: HostName, start: Schema.Boolean })
export type HostConnectPayload = typeof HostConnectPayload.Type

export const HostList = Rpc.make("List", { payload: {}, success: Schema.Array(HostStatus), error })
export const HostAdd = Rpc.make("Add", { payload: HostAddPayload, success: HostStatus, error })
export const HostRemove = Rpc.make("Remove", { payload: HostNamePayload, success: HostStatus, error })
/** Answers once the attempt is over: connected, or the state it ended in and why. */
export const HostConnect = Rpc.make("Connect", { payload: HostConnectPayload, success: HostStatus, error })

/** The handshake a far lich makes through its forward: which protocol this lich speaks. */
export const HostHandshake = Rpc.make("Hello", { payload: {}, success: HostHello, error })
/**
 * A task from a sender on another host: opened here as an errand of the command line's, followed
 * here to its end, and kept until the far side acknowledges it. senderHost and senderLabel name the
 * sender in the message the target reads (a label of "" is that host's command line).
 */
export const FarErrandPayload = Schema.Struct({
  target: Schema.String,
  project,
  prompt: Schema.String,
  senderHost: Schema.String,
  senderLabel: Schema.String
})
export type FarErrandPayload = typeof FarErrandPayload.Type
export const HostErrand = Rpc.make("Errand", { payload: FarErrandPayload, success: FarErrand, error })
/** timeout: seconds to wait for the end (0 = look and answer at once); pending while it runs. */
export const FarTicketWait = Schema.Struct({ ticket: Ticket, timeout: Schema.Number })
export type FarTicketWait = typeof FarTicketWait.Type
export const HostOutcome = Rpc.make("Outcome", { payload: FarTicketWait, success: RelayResult, error })
/** The far side filed the outcome (or gave up on the errand): this side forgets it. */
export const HostAck = Rpc.make("Ack", { payload: Schema.Struct({ ticket: Ticket }), success: Schema.Struct({}), error })

const host = HostName
export const HostSendPayload = Schema.Struct({ host, ...SendPayload.fields })
export type HostSendPayload = typeof HostSendPayload.Type
export const HostWaitPayload = Schema.Struct({ host, ...WaitPayload.fields })
export type HostWaitPayload = typeof HostWaitPayload.Type
export const HostPeersPayload = Schema.Struct({ host, from })
export type HostPeersPayload = typeof HostPeersPayload.Type
export const HostOpenPayload = Schema.Struct({ host, ...OpenPayload.fields })
export type HostOpenPayload = typeof HostOpenPayload.Type

export const HostSend = Rpc.make("Send", { payload: HostSendPayload, success: RelayResult, error })
export const HostWait = Rpc.make("Wait", { payload: HostWaitPayload, success: RelayResult, error })
export const HostPeers = Rpc.make("Peers", { payload: HostPeersPayload, success: Schema.Array(Peer), error })
export const HostOpen = Rpc.make("Open", { payload: HostOpenPayload, success: Opened, error })
/** The host's whole picture as its own window loads it (system.State there): what a window here draws under its header. */
export const HostStatePayload = Schema.Struct({ host })
export const HostWindowState = Rpc.make("State", { payload: HostStatePayload, success: WindowState, error })

export const HostClosePayload = Schema.Struct({ host, ...ClosePayload.fields })
export type HostClosePayload = typeof HostClosePayload.Type
export const HostStartPayload = Schema.Struct({ host, ...StartPayload.fields })
export type HostStartPayload = typeof HostStartPayload.Type
export const HostBranchesPayload = Schema.Struct({ host, project: Schema.String })
/** A card on the host closed there, as its × does here (spawn.Close on the far lich, as its command line). */
export const HostClose = Rpc.make("Close", { payload: HostClosePayload, success: Closed, error })
/** The PTY of a card on the host started there (spawn.Start), for a card the window shows with none running. */
export const HostStart = Rpc.make("Start", { payload: HostStartPayload, success: Started, error })
/** A project's branches on the host (desk.Branches there): the worktree dialog's bases for a project on that host. */
export const HostBranches = Rpc.make("Branches", { payload: HostBranchesPayload, success: Branches, error })
