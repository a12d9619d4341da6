// @lich/hosts: other machines' liches, reached over the system's ssh through a local forward.
//
// hello.ts imports no `effect` and is what `lich hosts hello` runs on the far side; the package is
// side-effect free, so the CLI bundle that takes only it drops the rest.

export * from "./Far.js"
export * from "./HostsConfig.js"
export * from "./HostsRpcsLive.js"
export * from "./hello.js"
export * from "./Incoming.js"
export * from "./Links.js"
export * from "./OpenSsh.js"
export * from "./Outgoing.js"
export * from "./onHost.js"
export * from "./Ssh.js"
