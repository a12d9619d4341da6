/**
 * The seam between lich and the system's ssh client. Everything above it speaks Effect and knows
 * nothing of argv or child processes; OpenSsh.ts is the one file that runs `ssh`, and FakeSsh.ts
 * answers the same shape in memory so the links' state machine is tested under TestClock. It does
 * no policy: when to connect, retry or give up is Links.ts's.
 */
import { Context, Data, type Effect, type Scope } from "effect"
import type { Hello } from "./hello.js"

/** A host as ssh needs it: where to go, and which lich command to run there. */
export interface SshTarget {
  readonly name: string
  readonly destination: string
  /** the lich command on the host; "" = `lich` on its PATH */
  readonly lich: string
}

/**
 * Why ssh gave no hello or no forward. `refused`: retrying will not mend it (an unknown or changed
 * host key, a key the host does not accept, no lich command there, a lich too old to answer);
 * `down`: it may work the next time (no route, connection refused, a link that timed out).
 * `message` is one line, ssh's own words where it gave some.
 */
export class SshFailure extends Data.TaggedError("SshFailure")<{
  readonly kind: "refused" | "down"
  readonly message: string
}> {}

/** A running forward: 127.0.0.1:port here reaches the host's lich. */
export interface Forward {
  /** The local port, bound to 127.0.0.1 by ssh. */
  readonly port: number
  /** ssh's pid, for the one who must end it by hand (a test of a dropped link). */
  readonly pid: number
  /** Completes when the forward's ssh ends, with why in one line. */
  readonly ended: Effect.Effect<string>
}

export interface SshShape {
  /** Runs `lich hosts hello [--start]` on the host and reads its line. */
  readonly hello: (target: SshTarget, start: boolean) => Effect.Effect<Hello, SshFailure>
  /**
   * Forwards a free 127.0.0.1 port here to the host's 127.0.0.1:`remotePort`; succeeds once ssh
   * listens. The ssh process ends with the scope.
   */
  readonly forward: (target: SshTarget, remotePort: number) => Effect.Effect<Forward, SshFailure, Scope.Scope>
}

export class Ssh extends Context.Tag("lich/hosts/Ssh")<Ssh, SshShape>() {}
