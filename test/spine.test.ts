/**
 * The spine against a real backend: the CLI's commands, their prose, JSON and exit codes as the
 * contract states them, and the safety properties (token never in argv, 0600 runtime file, token
 * and Host checks).
 */
import * as fs from "node:fs"
import * as http from "node:http"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentRecord, type Backend, run, startBackend, waitForJson } from "./harness.js"

let b: Backend

beforeAll(async () => {
  b = await startBackend()
})
afterAll(async () => {
  await b?.stop()
})

const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  new Promise<number>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: b.port, path: pathAndQuery, method: "POST", headers }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on("error", reject)
    req.end(JSON.stringify({ from: "" }))
  })

const runtime = () => JSON.parse(fs.readFileSync(path.join(b.env.XDG_CONFIG_HOME!, "lich", "runtime.json"), "utf8"))

describe("a fresh backend", () => {
  it("lists no sessions as an empty JSON array, and says so in prose", async () => {
    const json = await b.lich(["sessions", "--json"])
    expect(json).toMatchObject({ code: 0, stdout: "[]\n", stderr: "" })
    const prose = await b.lich(["sessions"])
    expect(prose.stdout).toBe("No other live sessions.\n")
  })

  it("writes runtime.json with mode 0600 inside a 0700 config dir", () => {
    const dir = path.join(b.env.XDG_CONFIG_HOME!, "lich")
    expect(fs.statSync(path.join(dir, "runtime.json")).mode & 0o777).toBe(0o600)
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
    expect(runtime()).toMatchObject({ port: b.port, pid: b.process.pid })
  })

  it("refuses a request with no token, with a wrong token, and with a non-loopback Host", async () => {
    const token = runtime().token as string
    expect(await get("/rpc/relay.Peers")).toBe(401)
    expect(await get("/rpc/relay.Peers?token=0000")).toBe(401)
    expect(await get(`/rpc/relay.Peers?token=${token}`, { host: "evil.example:80" })).toBe(403)
    expect(await get(`/rpc/relay.Peers?token=${token}`, { host: `attacker.test:${b.port}` })).toBe(403)
    expect(await get(`/rpc/relay.Peers?token=${token}`)).toBe(200)
  })

  it("answers version with its own line and the server's, and --json with both keys", async () => {
    const prose = await b.lich(["version"])
    expect(prose.stdout).toMatch(/^lich \S+\nserver \S+\n$/)
    const json = JSON.parse((await b.lich(["version", "--json"])).stdout)
    expect(Object.keys(json)).toEqual(["cli", "server"])
  })

  it("says a second start is not needed and exits 0 instead of fighting for the port", async () => {
    const second = await b.lich(["--no-window"])
    expect(second.code).toBe(0)
    expect(second.stdout).toContain("lich is already running")
  })

  it("prints a command's help from the flags it parses, plain when piped", async () => {
    const r = await b.lich(["send", "--help"])
    expect(r.code).toBe(0)
    expect(r.stdout.split("\n")[0]).toBe(
      "usage: lich send [--project text] [--timeout integer] [--private] [--host text] [--json] <session> <prompt>"
    )
    expect(r.stdout).toContain("--timeout integer")
    expect(r.stdout).not.toMatch(/\x1b\[/)
    expect((await b.lich(["help", "close"])).stdout).toMatch(/^usage: lich close .*--worktree keep \| remove/)
    const list = await b.lich(["help"])
    for (const name of ["sessions", "whoami", "send", "wait", "reply", "open", "close", "rename", "version", "quit"]) {
      expect(list.stdout).toMatch(new RegExp(`^  ${name} `, "m"))
    }
  })

  it("answers a malformed command line with exactly one lich: line and exit 1", async () => {
    const cases = [
      ["send"],
      ["send", "only-a-target"],
      ["wait", "--timeout", "abc"],
      ["sessions", "extra"],
      ["close"],
      ["open", "--kind"],
      ["send", "--bogus", "a", "b"]
    ]
    for (const args of cases) {
      const r = await b.lich(args)
      expect(r.code).toBe(1)
      expect(r.stdout).toBe("")
      expect(r.stderr).toMatch(/^lich: [^\n]+\n$/)
    }
    expect((await b.lich(["open", "--kind"])).stderr).toBe("lich: --kind needs a value — `lich open --help` says what it takes\n")
    expect((await b.lich(["send", "--bogus", "a", "b"])).stderr).toBe(
      'lich: unknown flag "--bogus" for lich send — `lich send --help` lists the flags it takes\n'
    )
  })

  it("refuses an unknown word with a guess and exit 1, without starting anything", async () => {
    const r = await b.lich(["sesions"])
    expect(r).toMatchObject({ code: 1, stdout: "" })
    expect(r.stderr).toBe('lich: unknown command "sesions" — did you mean "sessions"? Run `lich help` for the list.\n')
  })
})

describe("a session opened from the command line", () => {
  let project: string
  let opened: Record<string, unknown>

  beforeAll(async () => {
    project = b.project("alpha")
    const r = await b.lich(["open", "--project", project, "--kind", "shell", "--json"])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    opened = JSON.parse(r.stdout)
  })

  it("prints the session object with every key the contract names", () => {
    expect(Object.keys(opened).sort()).toEqual(
      [
        "id",
        "projectId",
        "project",
        "label",
        "name",
        "kind",
        "path",
        "nextSeq",
        "originSessionId",
        "originLabel",
        "confined",
        "folder"
      ].sort()
    )
    expect(opened).toMatchObject({
      project: "alpha",
      label: "Session 1",
      kind: "shell",
      path: "",
      originSessionId: "",
      originLabel: "",
      confined: false,
      folder: "",
      nextSeq: 2
    })
    expect(opened.name).toBe(
      `alpha-${String(opened.id)
        .replace(/[^a-zA-Z0-9]/g, "")
        .slice(0, 4)}`
    )
  })

  it("is listed by sessions, in prose with a header and in JSON with id, path and projectPath", async () => {
    const prose = await b.lich(["sessions"])
    expect(prose.stdout).toBe(`session\tproject\tprovider\tname\tstate\nSession 1\talpha\tshell\t${opened.name}\t-\n`)
    const [peer] = JSON.parse((await b.lich(["sessions", "--json"])).stdout)
    expect(peer).toEqual({
      label: "Session 1",
      name: opened.name,
      project: "alpha",
      kind: "shell",
      state: "",
      id: opened.id,
      path: project,
      projectPath: project
    })
  })

  it("is the one entry whoami prints when LICH_SESSION_ID names it, and sessions leaves it out there", async () => {
    const me = { LICH_SESSION_ID: String(opened.id) }
    const who = await b.lich(["whoami"], me)
    expect(who.stdout).toBe(`session\tproject\tprovider\tname\tstate\tid\nSession 1\talpha\tshell\t${opened.name}\t-\t${opened.id}\n`)
    expect(JSON.parse((await b.lich(["whoami", "--json"], me)).stdout)).toMatchObject({ id: opened.id, label: "Session 1" })
    expect((await b.lich(["sessions", "--json"], me)).stdout).toBe("[]\n")
    const outside = await b.lich(["whoami"])
    expect(outside.code).toBe(1)
    expect(outside.stderr).toMatch(/^lich: .*LICH_SESSION_ID/)
  })

  it("is renamed, and a name another session holds is refused", async () => {
    const r = await b.lich(["rename", "Session 1", "the login bug"])
    expect(r).toMatchObject({ code: 0, stdout: 'Renamed "Session 1" to "the login bug".\n' })
    await b.lich(["open", "--project", "alpha", "--kind", "shell"])
    const clash = await b.lich(["rename", "Session 2", "THE LOGIN BUG", "--project", "alpha"])
    expect(clash.code).toBe(1)
    expect(clash.stderr).toMatch(/^lich: "THE LOGIN BUG" is already the name of another session/)
    const json = JSON.parse((await b.lich(["rename", "--json", "the login bug", "login"])).stdout)
    expect(json).toEqual({ id: opened.id, project: "alpha", label: "login", previous: "the login bug" })
  })

  it("cannot close itself, and closes (parks) from outside", async () => {
    const self = await b.lich(["close", "login"], { LICH_SESSION_ID: String(opened.id) })
    expect(self.code).toBe(1)
    expect(self.stderr).toBe('lich: "login" is this session — closing it would take down the agent asking for it\n')
    const r = await b.lich(["close", "login"])
    expect(r).toMatchObject({ code: 0, stdout: 'Closed "login".\n' })
    const names = JSON.parse((await b.lich(["sessions", "--json"])).stdout).map((p: { label: string }) => p.label)
    expect(names).toEqual(["Session 2"])
  })

  it("refuses a name that matches nothing, listing the live sessions", async () => {
    const r = await b.lich(["close", "nope"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^lich: no session named "nope"\. Live sessions: "Session 2" \(alpha-\w{4}\)\.\n$/)
  })
})

describe("projects", () => {
  it("opens a project by a path with ~, reopens it by path with the same id, and by name", async () => {
    fs.mkdirSync(path.join(b.env.HOME!, "src", "gamma"), { recursive: true })
    const first = JSON.parse((await b.lich(["open", "--project", "~/src/gamma", "--kind", "shell", "--json"])).stdout)
    const again = JSON.parse(
      (await b.lich(["open", "--project", path.join(b.env.HOME!, "src", "gamma"), "--kind", "shell", "--json"])).stdout
    )
    const byName = JSON.parse((await b.lich(["open", "--project", "gamma", "--kind", "shell", "--json"])).stdout)
    expect(first.project).toBe("gamma")
    expect(new Set([first.projectId, again.projectId, byName.projectId]).size).toBe(1)
    expect([first.label, again.label, byName.label]).toEqual(["Session 1", "Session 2", "Session 3"])
  })

  it("refuses a relative path, a missing directory and an unknown name, each in one line", async () => {
    const rel = await b.lich(["open", "--project", "src/gamma", "--kind", "shell"])
    expect(rel.stderr).toMatch(/^lich: the project path "src\/gamma" is not absolute/)
    const missing = await b.lich(["open", "--project", "/nonexistent/dir", "--kind", "shell"])
    expect(missing.stderr).toBe("lich: no directory at /nonexistent/dir\n")
    const unknown = await b.lich(["open", "--project", "nosuchproject", "--kind", "shell"])
    expect(unknown.stderr).toMatch(/^lich: no open project named "nosuchproject"\. Open projects: /)
    const kind = await b.lich(["open", "--project", "gamma", "--kind", "vim"])
    expect(kind.stderr).toBe(
      'lich: "vim" is not a provider lich runs. Known kinds: claude, codex, antigravity, opencode, omp, crush, cursor, kiro, shell.\n'
    )
    const none = await b.lich(["open", "--kind", "shell"])
    expect(none.stderr).toMatch(/^lich: no project given, and this is not running in a lich session/)
  })
})

describe("a provider session", () => {
  it("starts with the session environment, MCP registered last, and no token anywhere in argv", async () => {
    const project = b.project("beta")
    const r = await b.lich(["open", "--project", project, "--kind", "claude", "--model", "opus", "--json"])
    expect(r.code).toBe(0)
    const s = JSON.parse(r.stdout)
    const rec = await waitForJson<AgentRecord>(path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.json`))
    const token = runtime().token as string
    expect(rec.env).toMatchObject({
      LICH_PORT: String(b.port),
      LICH_TOKEN: token,
      LICH_SESSION_ID: s.id,
      LICH_PROMPT_LANG: "en",
      LICH_PROJECT_DIR: project,
      // Claude Code only: how many --subagent levels down this session runs.
      LICH_SUBAGENT_DEPTH: "0"
    })
    expect(rec.env.LICH_SUBAGENT_CARDS).toBeUndefined()
    expect(path.basename(rec.env.LICH_BIN!)).toBe("lich")
    // lich's own plugin, laid under the data dir (never the source tree), loaded just before the MCP registration.
    const plugin = rec.argv[rec.argv.indexOf("--plugin-dir") + 1]!
    expect(plugin.startsWith(path.join(b.env.XDG_DATA_HOME!, "lich", "plugins", "claude", "lich-"))).toBe(true)
    expect(rec.argv.indexOf("--plugin-dir")).toBe(rec.argv.length - 4)
    expect(Number(rec.env.LICH_WORKTREE_PORT)).toBeGreaterThanOrEqual(24000)
    expect(rec.cwd).toBe(project)
    expect(rec.argv.slice(0, 2)).toEqual(["--name", s.name])
    expect(rec.argv).toContain("opus")
    expect(rec.argv.at(-2)).toBe("--mcp-config")
    expect(JSON.parse(rec.argv.at(-1)!)).toEqual({ mcpServers: { lich: { command: rec.env.LICH_BIN, args: ["mcp"] } } })
    expect(rec.argv).not.toContain("--strict-mcp-config")
    const cmdline = fs.readFileSync(`/proc/${rec.pid}/cmdline`, "utf8")
    expect(cmdline).not.toContain(token)
    expect(fs.readFileSync(`/proc/${b.process.pid}/cmdline`, "utf8")).not.toContain(token)
  })

  it("refuses --model for a shell before anything is opened", async () => {
    const before = (await b.lich(["sessions", "--json"])).stdout
    const r = await b.lich(["open", "--project", "beta", "--kind", "shell", "--model", "x"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^lich: .*model/)
    expect((await b.lich(["sessions", "--json"])).stdout).toBe(before)
  })
})

describe("quit", () => {
  it("ends lich, prints the contract's line, frees the port, and removes runtime.json", async () => {
    const r = await b.lich(["quit"])
    expect(r).toMatchObject({ code: 0, stdout: "lich has quit.\n" })
    expect(fs.existsSync(path.join(b.env.XDG_CONFIG_HOME!, "lich", "runtime.json"))).toBe(false)
    const after = await run(["sessions"], b.env)
    expect(after).toMatchObject({ code: 1, stderr: "lich: no lich is running — open lich, or run this inside one of its sessions\n" })
  })
})
