/**
 * Hosts: other machines whose lich this one reaches over the system's ssh, through a local forward
 * on 127.0.0.1. A host is a name the user picks and the ssh destination it stands for; what lich
 * knows of it at any moment is a HostStatus. The procedures live in rpcHosts.ts; the protocol
 * number two liches compare in their handshake, HOSTS_PROTOCOL, in limits.ts.
 */
import { Schema } from "effect"
import { checkId, checks } from "./checks.js"

/**
 * A host's name: letters, digits, dot, dash and underscore, starting with a letter or a digit. It is
 * typed after `--host`, printed in a tab-separated column and drawn as a header, so nothing that
 * needs quoting in a shell or breaks a column is allowed.
 */
export const HostName = Schema.String.pipe(
  Schema.filter(checks.hostName.test, { schemaId: checkId("hostName"), message: () => checks.hostName.message })
)

/**
 * What ssh is told to reach: `[user@]host[:port]`, `ssh://…`, or a Host alias of the user's ssh
 * config. Handed to ssh after `--` and never through a shell; one starting with `-` would still read
 * as an option to anyone who copied the line into a shell, so it is refused, as is anything with a
 * blank or a control character in it (ssh itself takes no such destination).
 */
export const Destination = Schema.String.pipe(
  Schema.filter(checks.destination.test, { schemaId: checkId("destination"), message: () => checks.destination.message })
)

/**
 * connecting — ssh is being run; connected — the forward is up and the far lich answered;
 * disconnected — the link dropped or could not be made, and lich tries again with backoff;
 * no-lich — ssh works but no lich runs there (`lich hosts connect <name> --start` starts one);
 * refused — ssh or the far lich refused for a reason that retrying will not mend (an unknown host
 * key, a key not accepted, an incompatible lich): the message says what, and lich waits to be asked.
 */
export const HostState = Schema.Literal("connecting", "connected", "disconnected", "no-lich", "refused")
export type HostState = typeof HostState.Type

/** A host as `lich hosts --json` prints it and `host-status` carries it. */
export class HostStatus extends Schema.Class<HostStatus>("HostStatus")({
  name: Schema.String,
  destination: Schema.String,
  state: HostState,
  /** why it is in that state, in one line ("" when connected) */
  message: Schema.String,
  /** the far lich's version, once it answered ("" before) */
  version: Schema.String
}) {}

/** What a far lich answers `hosts.Hello` with: the handshake over the forward. */
export class HostHello extends Schema.Class<HostHello>("HostHello")({
  version: Schema.String,
  protocol: Schema.Number
}) {}

/** An errand opened on this lich for a sender on another host: its ticket here, and who has it. */
export class FarErrand extends Schema.Class<FarErrand>("FarErrand")({
  ticket: Schema.String,
  /** the target's label */
  target: Schema.String,
  /** the target's lich id on this host */
  id: Schema.String
}) {}
