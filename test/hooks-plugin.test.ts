/**
 * The Claude Code plugin's hook scripts (hooks/hooks/report-*.sh) run as Claude Code runs them —
 * env from the session, the hook's JSON on stdin — against a real backend: each report lands and
 * shows in the roster or on /events, and in every case the script prints nothing and exits 0.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WebSocket } from "ws"
import { type Backend, root, startBackend } from "./harness.js"
import { request, runtimeToken } from "./hookFixtures.js"

const pluginRoot = path.join(root, "hooks")
const scripts = path.join(pluginRoot, "hooks")

interface ScriptRun {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

const runScript = (name: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv, input = "") =>
  new Promise<ScriptRun>((resolve) => {
    const child = spawn(path.join(scripts, name), args, { env, stdio: ["pipe", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("close", (code) => resolve({ code, stdout, stderr }))
    // A script that has nothing to read exits without reading: the agent's write then fails, harmlessly.
    child.stdin.on("error", () => undefined)
    child.stdin.end(input)
  })

const silent = { code: 0, stdout: "", stderr: "" }

let b: Backend
let token: string
let id: string
let events: WebSocket
const seen: Array<Record<string, unknown>> = []
const waiters: Array<{ test: (e: Record<string, unknown>) => boolean; resolve: (e: Record<string, unknown>) => void }> = []

/** Resolves with the first event (already seen or still to come) that passes `test`. */
const nextEvent = (test: (e: Record<string, unknown>) => boolean) =>
  new Promise<Record<string, unknown>>((resolve) => {
    const i = seen.findIndex(test)
    if (i >= 0) resolve(seen.splice(i, 1)[0]!)
    else waiters.push({ test, resolve })
  })

/** What a session of this backend hands its agent: the hook contract's three variables. */
const sessionEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  TMPDIR: b.dir,
  LICH_PORT: String(b.port),
  LICH_TOKEN: token,
  LICH_SESSION_ID: id
})

beforeAll(async () => {
  b = await startBackend()
  token = runtimeToken(b.env)
  const opened = JSON.parse((await b.lich(["open", "--project", b.project("delta"), "--kind", "shell", "--json"])).stdout)
  ;({ id } = opened as { id: string })
  events = new WebSocket(`ws://127.0.0.1:${b.port}/events?token=${token}`)
  events.on("message", (data) => {
    const e = JSON.parse(String(data)) as Record<string, unknown>
    const w = waiters.findIndex((x) => x.test(e))
    if (w >= 0) waiters.splice(w, 1)[0]!.resolve(e)
    else seen.push(e)
  })
  await new Promise((resolve) => events.once("open", resolve))
  // The socket subscribes once it is attached: a report seen through it proves it is listening.
  const barrier = nextEvent((e) => e._tag === "session-touched")
  await request(b.port, "POST", `/session-touched?token=${token}`, JSON.stringify({ session_id: id }))
  await barrier
})
afterAll(async () => {
  events?.close()
  await b?.stop()
})

const stateShown = async () =>
  (JSON.parse((await b.lich(["sessions", "--json"])).stdout) as Array<{ id: string; state: string }>).find((s) => s.id === id)?.state

describe("the plugin's hook scripts against a real backend", () => {
  it("report busy: the roster shows it, and the script says nothing", async () => {
    expect(await runScript("report-state.sh", ["busy"], sessionEnv())).toEqual(silent)
    expect(await stateShown()).toBe("busy")
  })

  it("report the tool about to run, with what it runs on", async () => {
    const status = nextEvent((e) => e._tag === "session-status" && e.tool === "Bash")
    const input = JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "npm   test\n--watch" } })
    expect(await runScript("report-tool.sh", [], sessionEnv(), input)).toEqual(silent)
    expect(await status).toMatchObject({ id, state: "busy", tool: "Bash", detail: "npm test --watch" })
  })

  it("report a permission prompt inside the turn with the notification's message", async () => {
    const status = nextEvent((e) => e._tag === "session-status" && e.state === "waiting")
    const input = JSON.stringify({ hook_event_name: "Notification", message: 'Claude needs your permission to use "Bash"' })
    expect(await runScript("report-state.sh", ["waiting"], sessionEnv(), input)).toEqual(silent)
    expect(await status).toMatchObject({ id, reason: 'Claude needs your permission to use "Bash"' })
    expect(await stateShown()).toBe("waiting")
  })

  it("report done at Stop", async () => {
    expect(await runScript("report-state.sh", ["done"], sessionEnv(), "{}")).toEqual(silent)
    expect(await stateShown()).toBe("done")
  })

  it("report the conversation id at SessionStart", async () => {
    const agent = nextEvent((e) => e._tag === "session-agent")
    const input = JSON.stringify({ hook_event_name: "SessionStart", session_id: "4f6a2c1e-9b8d-4e7f-a1b2-c3d4e5f60718" })
    expect(await runScript("report-session-start.sh", ["claude"], sessionEnv(), input)).toEqual(silent)
    expect(await agent).toEqual({ _tag: "session-agent", id, agent: "claude" })
  })

  it("report the transcript's last ai-title, which relabels the card, and only once with `once`", async () => {
    const transcript = path.join(b.dir, "transcript.jsonl")
    const line = (t: string) => JSON.stringify({ type: "ai-title", aiTitle: t })
    fs.writeFileSync(transcript, `${[line("First try"), JSON.stringify({ type: "user" }), line("Fix the login redirect")].join("\n")}\n`)
    const input = JSON.stringify({ hook_event_name: "PostToolUse", transcript_path: transcript })
    const title = nextEvent((e) => e._tag === "session-title")
    expect(await runScript("report-title.sh", ["once"], sessionEnv(), input)).toEqual(silent)
    expect(await title).toEqual({ _tag: "session-title", id, label: "Fix the login redirect" })
    const listed = await b.lich(["sessions", "--json"])
    expect(JSON.parse(listed.stdout).find((s: { id: string }) => s.id === id).label).toBe("Fix the login redirect")
    // A second `once` is a no-op; Stop (no argument) sends the newest title again.
    fs.appendFileSync(transcript, `${line("Fix the login redirect loop")}\n`)
    expect(await runScript("report-title.sh", ["once"], sessionEnv(), input)).toEqual(silent)
    const again = nextEvent((e) => e._tag === "session-title")
    expect(await runScript("report-title.sh", [], sessionEnv(), input)).toEqual(silent)
    expect(await again).toMatchObject({ label: "Fix the login redirect loop" })
  })

  it("report Antigravity's title: its first request, without the tags or lich's framing, at most 80 characters", async () => {
    const transcript = path.join(b.dir, "agy-transcript.jsonl")
    const request = `rename ${"x".repeat(100)}`
    const lines = [
      { type: "SYSTEM", content: "mentions USER_INPUT but is none" },
      { type: "USER_INPUT", content: `<USER_REQUEST>\n[lich] Message relayed by the lich command line.\n  ${request}\n</USER_REQUEST>` },
      { type: "USER_INPUT", content: "<USER_REQUEST>a later request</USER_REQUEST>" }
    ]
    fs.writeFileSync(transcript, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`)
    const title = nextEvent((e) => e._tag === "session-title")
    const input = JSON.stringify({ conversationId: "c0ffee00-0000-4000-8000-000000000001", transcriptPath: transcript })
    expect(await runScript("report-title.sh", [], sessionEnv(), input)).toEqual(silent)
    expect(await title).toMatchObject({ label: request.slice(0, 80) })
  })

  it("report touched files", async () => {
    const touched = nextEvent((e) => e._tag === "session-touched")
    expect(await runScript("report-touched.sh", [], sessionEnv(), "{}")).toEqual(silent)
    expect(await touched).toEqual({ _tag: "session-touched", id })
  })

  it("report idle at SessionEnd, which clears the roster state", async () => {
    expect(await runScript("report-state.sh", ["idle"], sessionEnv(), "{}")).toEqual(silent)
    expect(await stateShown()).toBe("")
  })
})

describe("the plugin's hook scripts outside lich", () => {
  const all = ["report-state.sh busy", "report-tool.sh", "report-session-start.sh claude", "report-title.sh", "report-touched.sh"]
  const vars = ["LICH_PORT", "LICH_TOKEN", "LICH_SESSION_ID"] as const

  it.each(all)("%s exits 0 and prints nothing without the variables", async (cmd) => {
    const [script, ...args] = cmd.split(" ")
    expect(await runScript(script!, args, { PATH: process.env.PATH }, '{"session_id":"x"}')).toEqual(silent)
  })

  it.each(vars)("report-state.sh does nothing without %s", async (missing) => {
    const env = sessionEnv()
    delete env[missing]
    const before = await stateShown()
    expect(await runScript("report-state.sh", ["busy"], env)).toEqual(silent)
    expect(await stateShown()).toBe(before)
  })

  it("exits 0 and prints nothing when no lich answers on the port", async () => {
    const env = { ...sessionEnv(), LICH_PORT: "1" }
    expect(await runScript("report-state.sh", ["busy"], env)).toEqual(silent)
  })

  it("ignores a state it does not know instead of sending it", async () => {
    expect(await runScript("report-state.sh", ["interrupted"], sessionEnv())).toEqual(silent)
  })
})

describe("the plugin's use of curl", () => {
  it("never puts the token on curl's command line: the URL arrives on stdin", async () => {
    const bin = path.join(b.dir, "fakebin")
    fs.mkdirSync(bin, { recursive: true })
    const log = path.join(b.dir, "curl-log")
    fs.writeFileSync(path.join(bin, "curl"), `#!/bin/sh\nprintf '%s\\n' "$@" > "${log}.argv"\ncat > "${log}.stdin"\n`, { mode: 0o755 })
    const env = { ...sessionEnv(), PATH: `${bin}:${process.env.PATH}` }
    expect(await runScript("report-state.sh", ["busy"], env)).toEqual(silent)
    const argv = fs.readFileSync(`${log}.argv`, "utf8")
    expect(argv).not.toContain(token)
    expect(argv.split("\n")).toEqual(expect.arrayContaining(["-q", "--max-time", "1", "--config", "-"]))
    const config = fs.readFileSync(`${log}.stdin`, "utf8")
    expect(config).toContain(`url = "http://127.0.0.1:${b.port}/hook?token=${token}"`)
    expect(config).toContain('header = "X-Lich-Plugin: 0.19.0"')
  })
})

describe("the plugin tree", () => {
  const hooksJson = JSON.parse(fs.readFileSync(path.join(scripts, "hooks.json"), "utf8")) as {
    hooks: Record<string, Array<{ matcher?: string; hooks: Array<{ command: string }> }>>
  }
  const commands = (event: string) =>
    hooksJson.hooks[event]!.flatMap((m) => m.hooks.map((h) => h.command.replace(/^"\$\{CLAUDE_PLUGIN_ROOT\}\/hooks\/([^"]+)"/, "$1")))

  it("maps each Claude Code event to its report", () => {
    expect(commands("SessionStart")).toEqual(["report-session-start.sh claude"])
    expect(commands("UserPromptSubmit")).toEqual(["report-state.sh busy"])
    expect(commands("PreToolUse")).toEqual(["report-tool.sh"])
    expect(commands("PostToolUse")).toEqual(["report-state.sh busy", "report-title.sh once", "report-touched.sh"])
    expect(hooksJson.hooks.PostToolUse!.find((m) => m.hooks.some((h) => h.command.includes("report-touched")))?.matcher).toBe(
      "Edit|Write|NotebookEdit|Bash"
    )
    expect(commands("Notification")).toEqual(["report-state.sh waiting"])
    expect(commands("Stop")).toEqual(["report-state.sh done", "report-title.sh"])
    expect(commands("SessionEnd")).toEqual(["report-state.sh idle"])
  })

  it("names only scripts that exist and are executable", () => {
    for (const event of Object.keys(hooksJson.hooks)) {
      for (const c of commands(event)) fs.accessSync(path.join(scripts, c.split(" ")[0]!), fs.constants.X_OK)
    }
  })

  it("announces the version plugin.json declares", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(pluginRoot, ".claude-plugin", "plugin.json"), "utf8")) as { version: string }
    expect(fs.readFileSync(path.join(scripts, "post.sh"), "utf8")).toContain(`LICH_PLUGIN_VERSION=${manifest.version}\n`)
  })
})
