// Two liches on this machine, one reached from the other over a private OpenSSH server on loopback,
// for the hosts benches: the same set-up as test/sshHarness.ts (its own host key, authorized key and
// config on a free port, 127.0.0.1 only; no system service), in plain JavaScript for bench/.
import { execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
export const lich = path.join(root, "bin", "lich")

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port
      s.close(() => resolve(p))
    })
  })

/** A lich's environment in a home of its own under `dir`, with `extra` on top. */
export const isolated = async (dir, extra) => {
  const env = { ...process.env }
  for (const k of Object.keys(env)) if (k.startsWith("LICH_")) delete env[k]
  Object.assign(env, {
    HOME: path.join(dir, "home"),
    XDG_CONFIG_HOME: path.join(dir, "c"),
    XDG_DATA_HOME: path.join(dir, "d"),
    LICH_LISTEN_PORT: String(await freePort()),
    FAKE_AGENT_LOG: path.join(dir, "agents"),
    SHELL: "/bin/sh",
    LICH_MOD_GRACE_MS: "0",
    ...extra
  })
  fs.mkdirSync(env.HOME, { recursive: true })
  return env
}

/** Starts `lich --no-window` in `env`; resolves with its process, port and token once it listens. */
export const startLich = async (env) => {
  const child = spawn(process.execPath, [lich, "--no-window"], { env, stdio: ["ignore", "pipe", "inherit"] })
  await new Promise((resolve) => child.stdout.on("data", (d) => String(d).includes("Window:") && resolve()))
  const { token } = JSON.parse(fs.readFileSync(path.join(env.XDG_CONFIG_HOME, "lich", "runtime.json"), "utf8"))
  return { child, env, port: Number(env.LICH_LISTEN_PORT), token }
}

const sshdConfig = (dir, port, remoteEnv) => {
  const keep = Object.entries(remoteEnv).filter(([k]) => k.startsWith("LICH_") || k.startsWith("XDG_") || k === "FAKE_AGENT_LOG")
  const env = {
    ...Object.fromEntries(keep),
    HOME: remoteEnv.HOME,
    SHELL: "/bin/sh",
    PATH: [path.join(root, "bin"), path.dirname(process.execPath), "/usr/bin", "/bin"].join(":")
  }
  const setEnv = Object.entries(env)
    .filter(([, v]) => !/\s/.test(v))
    .map(([k, v]) => `${k}=${v}`)
    .join(" ")
  return [
    `Port ${port}`,
    "ListenAddress 127.0.0.1",
    `HostKey ${path.join(dir, "host")}`,
    `AuthorizedKeysFile ${path.join(dir, "user.pub")}`,
    "PasswordAuthentication no",
    "KbdInteractiveAuthentication no",
    "StrictModes no",
    "UsePAM no",
    `PidFile ${path.join(dir, "sshd.pid")}`,
    "MaxStartups 50",
    `SetEnv ${setEnv}`,
    ""
  ].join("\n")
}

/** sshd for `remoteEnv`'s lich, and the client config naming it `alias`. */
const startSshd = async (dir, remoteEnv, aliases) => {
  fs.mkdirSync("/run/sshd", { recursive: true })
  for (const k of ["host", "user"]) execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", path.join(dir, k)])
  const port = await freePort()
  fs.writeFileSync(path.join(dir, "sshd_config"), sshdConfig(dir, port, remoteEnv))
  const pub = fs.readFileSync(path.join(dir, "host.pub"), "utf8").split(" ").slice(0, 2).join(" ")
  fs.writeFileSync(path.join(dir, "known_hosts"), `[127.0.0.1]:${port} ${pub}\n`)
  const block = (alias) =>
    [
      `Host ${alias}`,
      "  HostName 127.0.0.1",
      `  Port ${port}`,
      `  User ${os.userInfo().username}`,
      `  IdentityFile ${path.join(dir, "user")}`,
      "  IdentitiesOnly yes",
      `  UserKnownHostsFile ${path.join(dir, "known_hosts")}`,
      "  GlobalKnownHostsFile /dev/null",
      ""
    ].join("\n")
  fs.writeFileSync(path.join(dir, "ssh_config"), aliases.map(block).join("\n"))
  const child = spawn("/usr/sbin/sshd", ["-D", "-e", "-f", path.join(dir, "sshd_config")], { stdio: ["ignore", "ignore", "pipe"] })
  let log = ""
  await new Promise((resolve, reject) => {
    child.stderr.on("data", (d) => {
      log = (log + d).slice(-8192)
      if (log.includes("Server listening on 127.0.0.1")) resolve()
    })
    child.once("exit", (c) => reject(new Error(`sshd exited (${c}): ${log}`)))
  })
  return { child, config: path.join(dir, "ssh_config") }
}

/**
 * `hosts` remote liches, each behind an sshd of its own (alias host1, host2, …), and a local lich whose ssh reaches them;
 * `stop` ends them all and removes the temp dir.
 */
export const machines = async ({ hosts = 1, localEnv = {}, remoteEnv = {} } = {}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-bench-hosts-"))
  const remotes = []
  const sshds = []
  const configs = []
  for (let i = 1; i <= hosts; i++) {
    const r = await startLich(await isolated(path.join(dir, `remote${i}`), remoteEnv))
    const sdir = path.join(dir, `sshd${i}`)
    fs.mkdirSync(sdir)
    const s = await startSshd(sdir, r.env, [`host${i}`])
    remotes.push(r)
    sshds.push(s)
    configs.push(fs.readFileSync(s.config, "utf8"))
  }
  fs.writeFileSync(path.join(dir, "ssh_config"), configs.join("\n"))
  const local = await startLich(await isolated(path.join(dir, "local"), { LICH_SSH_CONFIG: path.join(dir, "ssh_config"), ...localEnv }))
  const all = [local.child, ...remotes.map((r) => r.child), ...sshds.map((s) => s.child)]
  // A bench that fails part way must not leave its liches or sshds running.
  process.on("exit", () => {
    for (const c of all) if (c.exitCode === null) c.kill("SIGTERM")
  })
  const stop = async () => {
    for (const b of [local, ...remotes]) execFileSync(process.execPath, [lich, "quit"], { env: b.env, stdio: "ignore" })
    for (const s of sshds) s.child.kill("SIGTERM")
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return { dir, local, remotes, stop }
}

/** spawn.Open's payload for a card of `kind` in `project`, every other field left to lich. */
export const openPayload = (project, kind = "shell") => ({
  from: "",
  project,
  kind,
  worktree: "",
  base: "",
  model: "",
  effort: "",
  ultracode: false,
  folder: ""
})

/** A POST to one lich's RPC; resolves with the JSON answer, rejects with the body of anything but 200. */
export const rpcOf = (b) => async (method, body) => {
  const r = await fetch(`http://127.0.0.1:${b.port}/rpc/${method}?token=${b.token}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  const text = await r.text()
  if (r.status !== 200) throw new Error(`${method}: ${r.status} ${text}`)
  return JSON.parse(text)
}
