/**
 * What the hosts lib takes from whoever wires it (apps/server): this build's version, for the
 * handshake a far lich makes, and how to run ssh. A Tag of its own, so the lib depends on no
 * other lib's configuration.
 */
import { Context } from "effect"
import type { OpenSshOptions } from "./OpenSsh.js"

export interface HostsConfigShape {
  readonly version: string
  readonly ssh: OpenSshOptions
}

export class HostsConfig extends Context.Tag("lich/hosts/HostsConfig")<HostsConfig, HostsConfigShape>() {}
