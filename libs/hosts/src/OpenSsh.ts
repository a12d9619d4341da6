/**
 * The Ssh seam over the system's OpenSSH client: the only file that runs `ssh`. The user's
 * ~/.ssh/config, keys, agent, ProxyJump and known_hosts apply unchanged; lich adds only what it
 * needs to run unattended (BatchMode: a prompt would hang with nobody to answer it; keepalives: a
 * dead link must end the process) and never turns host-key checking off — where the user's config
 * does, this turns it back on. An argv, never a shell string, on this side; the one command string
 * the far side's shell parses is built here from a quoted path and fixed words.
 *
 * Two ssh runs per connect: `lich hosts hello` reads the far lich's port and token on stdout, then
 * a second ssh holds the forward to that port for as long as the link lasts. Its remote command
 * prints one line once the session is up — ssh binds a local forward before it opens the session,
 * so that line says the port listens — and then waits on stdin, which this side holds open: when
 * this backend dies, the far side sees the end of its input and the ssh session ends with it.
 */
import { spawn } from "node:child_process"
import * as net from "node:net"
import { Deferred, Effect } from "effect"
import { parseHello } from "./hello.js"
import { type Forward, SshFailure, type SshShape, type SshTarget } from "./Ssh.js"

export type Env = Readonly<Record<string, string | undefined>>

export interface OpenSshOptions {
  /** ssh's environment: SSH_AUTH_SOCK is how the user's agent is reached. */
  readonly env: Env
  /** A config file for `ssh -F` (LICH_SSH_CONFIG), instead of ~/.ssh/config: how tests point ssh at a private server. */
  readonly config?: string | undefined
  /** The ssh binary; `ssh` on PATH. */
  readonly bin?: string | undefined
}

/** 45 s: an ssh handshake through a jump host is seconds; a start of the far lich adds up to 15. */
export const SSH_ANSWER_MS = 45_000
/** 64 KiB: a hello line is under 300 bytes; a login shell's banner is all the rest could be. */
const MAX_OUTPUT = 64 * 1024
/** The line the forward's remote command prints once the session is up. */
export const FORWARD_UP = "lich-forward-up"
/** The forward's remote command: say the session is up, then wait on stdin until this side goes. */
export const FORWARD_COMMAND = `echo ${FORWARD_UP}; exec cat >/dev/null`
/** 3: a forward's port is taken between choosing it and ssh binding it only by a race; three in a row is no race. */
const PORT_TRIES = 3

/** `s` in single quotes for a POSIX shell, each inner quote closed, escaped and reopened. */
export const shellQuote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`

/** What every run shares: the config file, no terminal, no prompts, keepalives that end a dead link in 45 s. */
export const baseArgs = (o: OpenSshOptions): Array<string> => [
  ...(o.config ? ["-F", o.config] : []),
  "-T",
  ...["-o", "BatchMode=yes", "-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=3"]
]

/** The far command: `lich hosts hello`, the lich command quoted for the far shell. */
export const helloCommand = (t: SshTarget, start: boolean): string =>
  `${t.lich === "" ? "lich" : shellQuote(t.lich)} hosts hello${start ? " --start" : ""}`

export const helloArgs = (o: OpenSshOptions, t: SshTarget, start: boolean, strict: ReadonlyArray<string>): Array<string> => [
  ...baseArgs(o),
  ...strict,
  // The user's LocalForward lines are for their own sessions: one that cannot bind must not fail a hello.
  ...["-o", "ClearAllForwardings=yes", "--", t.destination, helloCommand(t, start)]
]

export const forwardArgs = (o: OpenSshOptions, t: SshTarget, local: number, remote: number, strict: ReadonlyArray<string>) => [
  ...baseArgs(o),
  ...strict,
  // A local port ssh cannot bind must end it: something else listening there would be sent the token.
  ...["-o", "ExitOnForwardFailure=yes", "-L", `127.0.0.1:${local}:127.0.0.1:${remote}`, "--", t.destination, FORWARD_COMMAND]
]

/** `-o StrictHostKeyChecking=yes` when the effective config (`ssh -G`) turns checking off, else nothing. */
export const strictness = (effectiveConfig: string): Array<string> =>
  /^stricthostkeychecking (false|no|off)$/im.test(effectiveConfig) ? ["-o", "StrictHostKeyChecking=yes"] : []

/** The last thing ssh said, in one line. */
export const lastLine = (stderr: string): string =>
  stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("Warning: Permanently added"))
    .at(-1) ?? ""

/** Said by ssh for a failure that will be the same on the next try. */
const FINAL =
  /Host key verification failed|Permission denied|IDENTIFICATION HAS CHANGED|no matching (host key|key exchange)|Too many authentication failures|Could not resolve hostname/i

/** Why a hello run gave no hello: ssh's own failure (255), no lich command (127), or a lich that answered no hello. */
export const helloFailure = (t: SshTarget, code: number | null, stderr: string): SshFailure => {
  const said = lastLine(stderr)
  if (code === 255 || code === null) {
    const kind = FINAL.test(stderr) ? "refused" : "down"
    return new SshFailure({ kind, message: `ssh to ${t.destination} failed: ${said || `ssh ended (${code ?? "signal"})`}` })
  }
  if (code === 127) {
    return new SshFailure({
      kind: "refused",
      message: `there is no ${t.lich || "lich"} command on ${t.name} (${said || "command not found"}) — install lich there, or name its path: lich hosts add ${t.name} ${t.destination} --lich <path>`
    })
  }
  if (/unknown command|no such command/i.test(stderr) || code === 0) {
    return new SshFailure({
      kind: "refused",
      message: `the lich on ${t.name} does not answer \`lich hosts hello\`: it is older than this one — install the same lich there`
    })
  }
  return new SshFailure({ kind: "refused", message: `lich hosts hello failed on ${t.name}: ${said || `exit ${code}`}` })
}

/** A port free on 127.0.0.1 right now (the kernel picks it); ssh binds it next. */
const freePort = Effect.async<number>((resume) => {
  const s = net.createServer()
  s.listen(0, "127.0.0.1", () => {
    const port = (s.address() as net.AddressInfo).port
    s.close(() => resume(Effect.succeed(port)))
  })
})

interface Ran {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs ssh to its end with stdin closed, keeping at most 64 KiB of each stream; killed past 45 s. */
const runSsh = (o: OpenSshOptions, args: ReadonlyArray<string>) =>
  Effect.async<Ran>((resume) => {
    const child = spawn(o.bin ?? "ssh", args, { stdio: ["ignore", "pipe", "pipe"], env: o.env as NodeJS.ProcessEnv })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d: Buffer) => (stdout = (stdout + d.toString("utf8")).slice(-MAX_OUTPUT)))
    child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString("utf8")).slice(-MAX_OUTPUT)))
    const timer = setTimeout(() => {
      stderr += `\nno answer within ${SSH_ANSWER_MS / 1000} s`
      child.kill("SIGKILL")
    }, SSH_ANSWER_MS)
    child.once("error", (e) => {
      clearTimeout(timer)
      resume(Effect.succeed({ code: null, stdout, stderr: `${stderr}\n${e.message}` }))
    })
    child.once("close", (code) => {
      clearTimeout(timer)
      resume(Effect.succeed({ code, stdout, stderr }))
    })
    return Effect.sync(() => child.kill("SIGKILL"))
  })

/** What the user's config makes of host-key checking for `t`: `-G` prints it without connecting. */
const strictFor = (o: OpenSshOptions, t: SshTarget) =>
  Effect.map(runSsh(o, [...(o.config ? ["-F", o.config] : []), "-G", "--", t.destination]), (r) => strictness(r.stdout))

const hello = (o: OpenSshOptions) => (t: SshTarget, start: boolean) =>
  Effect.gen(function* () {
    const strict = yield* strictFor(o, t)
    const r = yield* runSsh(o, helloArgs(o, t, start, strict))
    const said = r.code === 0 ? parseHello(r.stdout) : undefined
    return said === undefined ? yield* helloFailure(t, r.code, r.stderr) : said
  })

/** One ssh holding a forward on `local`: up once FORWARD_UP is read; ends (SIGTERM, then SIGKILL) with the scope. */
const forwardOn = (o: OpenSshOptions, args: ReadonlyArray<string>, local: number) =>
  Effect.gen(function* () {
    const ended = yield* Deferred.make<string>()
    const child = yield* Effect.acquireRelease(
      Effect.sync(() => spawn(o.bin ?? "ssh", args, { stdio: ["pipe", "pipe", "pipe"], env: o.env as NodeJS.ProcessEnv })),
      (c) =>
        Effect.async<void>((resume) => {
          if (c.exitCode !== null || c.signalCode !== null) return resume(Effect.void)
          const kill = setTimeout(() => c.kill("SIGKILL"), 2000)
          c.once("close", () => {
            clearTimeout(kill)
            resume(Effect.void)
          })
          c.kill("SIGTERM")
        })
    )
    let stderr = ""
    child.stderr!.on("data", (d: Buffer) => (stderr = (stderr + d.toString("utf8")).slice(-4096)))
    child.once("close", (code, signal) => {
      const why = lastLine(stderr) || (signal ? `ssh was ended by ${signal}` : `ssh exited (${code})`)
      Deferred.unsafeDone(ended, Effect.succeed(why))
    })
    const up = yield* Effect.async<boolean>((resume) => {
      let seen = ""
      const timer = setTimeout(() => child.kill("SIGKILL"), SSH_ANSWER_MS)
      const onData = (d: Buffer) => {
        seen = (seen + d.toString("utf8")).slice(-MAX_OUTPUT)
        if (!seen.split("\n").some((l) => l.trim() === FORWARD_UP)) return
        clearTimeout(timer)
        child.stdout!.off("data", onData)
        child.stdout!.resume()
        resume(Effect.succeed(true))
      }
      child.stdout!.on("data", onData)
      child.once("close", () => {
        clearTimeout(timer)
        resume(Effect.succeed(false))
      })
    })
    if (!up) return { up: false as const, stderr }
    return { up: true as const, forward: { port: local, pid: child.pid ?? 0, ended: Deferred.await(ended) } satisfies Forward }
  })

const forward = (o: OpenSshOptions) => (t: SshTarget, remotePort: number) =>
  Effect.gen(function* () {
    const strict = yield* strictFor(o, t)
    let stderr = ""
    for (let i = 0; i < PORT_TRIES; i++) {
      const local = yield* freePort
      const r = yield* forwardOn(o, forwardArgs(o, t, local, remotePort, strict), local)
      if (r.up) return r.forward
      stderr = r.stderr
      // Someone else bound the port between our pick and ssh's bind: pick another.
      if (!/forwarding failed|Address already in use/i.test(stderr)) break
    }
    const kind = FINAL.test(stderr) ? "refused" : "down"
    return yield* new SshFailure({
      kind,
      message: `the forward to ${t.destination} failed: ${lastLine(stderr) || "ssh ended before it was up"}`
    })
  })

/** The Ssh seam over OpenSSH. */
export const openSsh = (o: OpenSshOptions): SshShape => ({ hello: hello(o), forward: forward(o) })
