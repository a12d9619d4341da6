/**
 * A real OpenSSH server on loopback for the hosts suites: Debian's sshd run by the test itself, with
 * a config, a host key and an authorized key of its own in a temp dir, on a free port, listening on
 * 127.0.0.1 only; no system service is involved. Every session it accepts gets the environment of
 * the "remote" machine — a second lich's home, its port, the fake agents — so a lich reached through
 * it is a separate world on the same machine.
 *
 * The client side is a config file for `ssh -F` (lich takes it as LICH_SSH_CONFIG): OpenSSH reads the
 * user's home from the password database, not $HOME, so without -F a test would read root's own
 * ~/.ssh. Two aliases reach the server: one whose known_hosts holds its key, one whose known_hosts is
 * empty (an unknown host key).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { type Backend, freePort, root, startBackend } from "./harness.js"

export interface Sshd {
  readonly port: number
  /** The client config to hand lich as LICH_SSH_CONFIG. */
  readonly config: string
  /** The known_hosts the trusted aliases read. */
  readonly knownHosts: string
  readonly process: ChildProcess
  readonly stop: () => Promise<void>
}

/** Each alias and whether its known_hosts holds the server's key. */
export type Aliases = Readonly<Record<string, { readonly known: boolean }>>

const keygen = (file: string) => execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", file])

/** SetEnv's words: NAME=VALUE each, none of which may hold a blank (the temp dirs hold none). */
const setEnv = (env: Readonly<Record<string, string | undefined>>) =>
  Object.entries(env)
    .filter(([k, v]) => v !== undefined && /^[A-Z_][A-Z0-9_]*$/.test(k) && !/\s/.test(v))
    .map(([k, v]) => `${k}=${v}`)
    .join(" ")

/** The remote's environment as every ssh session there gets it: its own lich, node and the fake agents on PATH. */
export const remoteSessionEnv = (env: NodeJS.ProcessEnv): Record<string, string | undefined> => {
  const keep = Object.fromEntries(
    Object.entries(env).filter(([k]) => k.startsWith("LICH_") || k.startsWith("XDG_") || k === "FAKE_AGENT_LOG")
  )
  return {
    ...keep,
    HOME: env.HOME,
    SHELL: "/bin/sh",
    PATH: [path.join(root, "bin"), path.dirname(process.execPath), "/usr/bin", "/bin"].join(":")
  }
}

/** sshd's own config: loopback only, keys only, the remote's environment for every session. */
const sshdConfigText = (dir: string, port: number, hostKey: string, remoteEnv: Readonly<Record<string, string | undefined>>) =>
  [
    `Port ${port}`,
    "ListenAddress 127.0.0.1",
    `HostKey ${hostKey}`,
    `AuthorizedKeysFile ${path.join(dir, "authorized_keys")}`,
    "PasswordAuthentication no",
    "KbdInteractiveAuthentication no",
    "PermitRootLogin prohibit-password",
    "StrictModes no",
    `PidFile ${path.join(dir, "sshd.pid")}`,
    "UsePAM no",
    "AllowTcpForwarding yes",
    "MaxStartups 50",
    "MaxSessions 50",
    `SetEnv ${setEnv(remoteEnv)}`,
    ""
  ].join("\n")

/** The client side: known_hosts with the server's key, an empty one, and an ssh config naming each alias. */
const writeClientSide = (dir: string, port: number, hostKey: string, userKey: string, aliases: Aliases) => {
  const knownHosts = path.join(dir, "known_hosts")
  const pub = fs.readFileSync(`${hostKey}.pub`, "utf8").split(" ").slice(0, 2).join(" ")
  fs.writeFileSync(knownHosts, `[127.0.0.1]:${port} ${pub}\n`)
  const unknown = path.join(dir, "known_hosts.empty")
  fs.writeFileSync(unknown, "")
  const config = path.join(dir, "ssh_config")
  const user = os.userInfo().username
  const block = (alias: string, known: boolean) =>
    [
      `Host ${alias}`,
      "  HostName 127.0.0.1",
      `  Port ${port}`,
      `  User ${user}`,
      `  IdentityFile ${userKey}`,
      "  IdentitiesOnly yes",
      `  UserKnownHostsFile ${known ? knownHosts : unknown}`,
      "  GlobalKnownHostsFile /dev/null",
      ""
    ].join("\n")
  fs.writeFileSync(
    config,
    Object.entries(aliases)
      .map(([alias, a]) => block(alias, a.known))
      .join("\n")
  )
  return { knownHosts, config }
}

/** Runs sshd in the foreground, resolving once it says it listens. */
const runSshd = async (sshdConfig: string): Promise<ChildProcess> => {
  const child = spawn("/usr/sbin/sshd", ["-D", "-e", "-f", sshdConfig], { stdio: ["ignore", "ignore", "pipe"] })
  let log = ""
  await new Promise<void>((resolve, reject) => {
    // Read for as long as sshd runs: a pipe nobody drains would stall it once full.
    const onData = (d: Buffer) => {
      log = (log + d.toString("utf8")).slice(-16_384)
      if (/Server listening on 127\.0\.0\.1 port/.test(log)) resolve()
    }
    child.stderr!.on("data", onData)
    child.once("exit", (code) => reject(new Error(`sshd exited (${code}) before it listened: ${log}`)))
  })
  return child
}

/** Starts sshd for `remoteEnv`, resolving once it listens; `aliases` name the client config's hosts. */
export const startSshd = async (dir: string, remoteEnv: Readonly<Record<string, string | undefined>>, aliases: Aliases): Promise<Sshd> => {
  fs.mkdirSync(dir, { recursive: true })
  // Privilege separation needs it even for an sshd run by hand.
  fs.mkdirSync("/run/sshd", { recursive: true })
  const hostKey = path.join(dir, "host_ed25519")
  const userKey = path.join(dir, "user_ed25519")
  keygen(hostKey)
  keygen(userKey)
  fs.copyFileSync(`${userKey}.pub`, path.join(dir, "authorized_keys"))
  const port = await freePort()
  const sshdConfig = path.join(dir, "sshd_config")
  fs.writeFileSync(sshdConfig, sshdConfigText(dir, port, hostKey, remoteEnv))
  const { knownHosts, config } = writeClientSide(dir, port, hostKey, userKey, aliases)
  const child = await runSshd(sshdConfig)
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  return {
    port,
    config,
    knownHosts,
    process: child,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
    }
  }
}

export interface TwoMachines {
  /** The far lich, in a home of its own, reached only through sshd. */
  readonly remote: Backend
  /** The lich under test, its ssh pointed at the test's config. */
  readonly local: Backend
  readonly sshd: Sshd
  readonly stop: () => Promise<void>
}

/**
 * A remote lich behind an sshd, and a local lich whose ssh config names it `devbox` (and `stranger`,
 * the same server under an unknown host key); `localEnv` and `remoteEnv` go on top of each
 * machine's isolated environment.
 */
export const twoMachines = async (o: { localEnv?: NodeJS.ProcessEnv; remoteEnv?: NodeJS.ProcessEnv } = {}): Promise<TwoMachines> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-sshd-"))
  const remote = await startBackend(o.remoteEnv)
  const sshd = await startSshd(dir, remoteSessionEnv(remote.env), { devbox: { known: true }, stranger: { known: false } })
  const local = await startBackend({ LICH_SSH_CONFIG: sshd.config, ...o.localEnv })
  return {
    remote,
    local,
    sshd,
    stop: async () => {
      await local.stop()
      await sshd.stop()
      await remote.stop()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}

/**
 * The pid of the ssh that `lich`'s backend runs to hold its forward to `destination`: a child of that
 * backend whose argv has a -L (argv names the forward, never a token).
 */
export const forwardPid = (lich: Backend, destination: string): number | undefined => {
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    let argv: Array<string>
    let parent: number
    try {
      argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")
      parent = Number(/^PPid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1])
    } catch {
      continue
    }
    if (parent !== lich.process.pid || path.basename(argv[0] ?? "") !== "ssh" || !argv.includes("-L")) continue
    if (argv[argv.indexOf("--") + 1] === destination) return Number(pid)
  }
  return undefined
}
