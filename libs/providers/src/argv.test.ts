import { describe, expect, it } from "vitest"
import { briefingText, mcpArgs, type ProviderId, type SpawnInput, spawnArgs } from "./index.js"

const lich = "/usr/local/bin/lich"
const claudeMcp = ["--mcp-config", `{"mcpServers":{"lich":{"command":"${lich}","args":["mcp"]}}}`]
const codexMcp = [
  "-c",
  `mcp_servers.lich.command="${lich}"`,
  "-c",
  'mcp_servers.lich.args=["mcp"]',
  "-c",
  'mcp_servers.lich.env_vars=["LICH_PORT","LICH_TOKEN","LICH_SESSION_ID","LICH_BIN","LICH_PROMPT_LANG","LICH_PROJECT_DIR","LICH_WORKTREE_PORT"]',
  "-c",
  'mcp_servers.lich.default_tools_approval_mode="approve"',
  "-c",
  'sandbox_mode="workspace-write"',
  "-c",
  "sandbox_workspace_write.network_access=true"
]
const ultracode = ["--settings", '{"ultracode":true}']
const briefing = briefingText(false)

/** A spawn with every option set, so each provider's row shows what it takes and what it leaves. */
const everything = (kind: ProviderId, birth: boolean): SpawnInput => ({
  kind,
  binary: kind,
  rosterName: "app-9f8e",
  birth,
  resumeId: "conv-1",
  model: "some-model",
  effort: "high",
  ultracode: true,
  skipPermissions: true,
  briefing,
  lichBin: lich,
  mcp: true,
  agent: "lich",
  pluginDir: "/data/lich/plugins/claude/lich-0.15.0-0123456789ab"
})
const pluginDir = ["--plugin-dir", "/data/lich/plugins/claude/lich-0.15.0-0123456789ab"]

/** A spawn with nothing optional set. */
const bare = (kind: ProviderId, birth = true): SpawnInput => ({ kind, binary: kind, rosterName: "app-9f8e", birth, mcp: false })

describe("a Claude Code spawn", () => {
  it("at birth is named, skips permissions, picks model and effort, turns ultracode on, briefs, and registers last", () => {
    expect(spawnArgs(everything("claude", true))).toEqual([
      "--name",
      "app-9f8e",
      "--dangerously-skip-permissions",
      "--model",
      "some-model",
      "--effort",
      "high",
      ...ultracode,
      "--append-system-prompt",
      briefing,
      ...pluginDir,
      ...claudeMcp
    ])
  })

  it("on resume reopens the conversation, keeps ultracode and the briefing, and drops name, model and effort", () => {
    expect(spawnArgs(everything("claude", false))).toEqual([
      "--resume",
      "conv-1",
      "--dangerously-skip-permissions",
      ...ultracode,
      "--append-system-prompt",
      briefing,
      ...pluginDir,
      ...claudeMcp
    ])
  })

  it("with nothing optional is only named", () => {
    expect(spawnArgs(bare("claude"))).toEqual(["--name", "app-9f8e"])
  })

  it("resumed with nothing optional only reopens the conversation", () => {
    expect(spawnArgs({ ...bare("claude", false), resumeId: "conv-1" })).toEqual(["--resume", "conv-1"])
  })

  it("passes ultracode on a bare resume too, because Claude Code drops it on --resume", () => {
    expect(spawnArgs({ ...bare("claude", false), resumeId: "conv-1", ultracode: true })).toEqual(["--resume", "conv-1", ...ultracode])
  })

  it("passes no ultracode when it is off", () => {
    expect(spawnArgs({ ...everything("claude", true), ultracode: false })).not.toContain("--settings")
  })
})

describe("a Codex spawn", () => {
  it("at birth registers first, then skips approvals, picks the model and sets the effort as a config override", () => {
    expect(spawnArgs(everything("codex", true))).toEqual([
      "--no-daemon",
      ...codexMcp,
      "--dangerously-bypass-approvals-and-sandbox",
      "--model",
      "some-model",
      "-c",
      "model_reasoning_effort=high"
    ])
  })

  it("on resume puts the global options before the resume subcommand", () => {
    expect(spawnArgs(everything("codex", false))).toEqual([
      "--no-daemon",
      ...codexMcp,
      "resume",
      "conv-1",
      "--dangerously-bypass-approvals-and-sandbox"
    ])
  })

  it("with nothing optional runs without Codex's background server and nothing else", () => {
    expect(spawnArgs(bare("codex"))).toEqual(["--no-daemon"])
  })

  it("takes the effort alone at birth", () => {
    expect(spawnArgs({ ...bare("codex"), effort: "low" })).toEqual(["--no-daemon", "-c", "model_reasoning_effort=low"])
  })

  it("layers lich's profile ahead of the registration and the resume subcommand, on every spawn", () => {
    const args = spawnArgs({ ...everything("codex", false), profile: "lich" })
    expect(args.slice(0, 3)).toEqual(["--no-daemon", "--profile", "lich"])
    expect(args.indexOf("resume")).toBeGreaterThan(args.indexOf("sandbox_workspace_write.network_access=true"))
  })

  it("passes the profile to Codex alone", () => {
    for (const kind of ["claude", "opencode", "omp"] as const) {
      expect(spawnArgs({ ...everything(kind, true), profile: "lich" })).not.toContain("--profile")
    }
  })
})

describe("the spawns of the providers that learn about lich from the plugin", () => {
  const cases: ReadonlyArray<readonly [ProviderId, ReadonlyArray<string>, ReadonlyArray<string>]> = [
    [
      "antigravity",
      ["--dangerously-skip-permissions", "--model", "some-model", "--effort", "high"],
      ["--conversation", "conv-1", "--dangerously-skip-permissions"]
    ],
    ["opencode", ["--auto", "--model", "some-model"], ["--session", "conv-1", "--auto"]],
    [
      "omp",
      ["--auto-approve", "--model", "some-model", "--thinking", "high", "--append-system-prompt", briefing],
      ["-r", "conv-1", "--auto-approve", "--append-system-prompt", briefing]
    ],
    ["crush", ["--yolo"], ["--session", "conv-1", "--yolo"]],
    ["cursor", ["--force", "--model", "some-model"], ["--resume", "conv-1", "--force"]],
    [
      "kiro",
      ["chat", "--agent", "lich", "--trust-all-tools", "--model", "some-model", "--effort", "high"],
      ["chat", "--agent", "lich", "--resume-id", "conv-1", "--trust-all-tools"]
    ]
  ]

  it.each(cases)("for %s at birth take only their own flags and no MCP registration", (kind, birth) => {
    expect(spawnArgs(everything(kind, true))).toEqual(birth)
  })

  it.each(cases)("for %s on resume reopen the conversation and leave model and effort off", (kind, _birth, resume) => {
    expect(spawnArgs(everything(kind, false))).toEqual(resume)
  })

  it.each(["antigravity", "opencode", "omp", "crush", "cursor"] as const)("for %s with nothing optional are empty", (kind) => {
    expect(spawnArgs(bare(kind))).toEqual([])
  })

  it("for Kiro always open with the chat subcommand, even bare", () => {
    expect(spawnArgs(bare("kiro"))).toEqual(["chat"])
    expect(spawnArgs(bare("kiro", false))).toEqual(["chat"])
  })

  it("for Kiro name the agent only when there is one", () => {
    expect(spawnArgs({ ...bare("kiro"), agent: "" })).toEqual(["chat"])
    expect(spawnArgs({ ...bare("kiro"), agent: "lich" })).toEqual(["chat", "--agent", "lich"])
  })

  it("for oh-my-pi carry the effort as --thinking", () => {
    expect(spawnArgs({ ...bare("omp"), effort: "xhigh" })).toEqual(["--thinking", "xhigh"])
  })

  it("for Antigravity and Kiro carry the effort as --effort", () => {
    expect(spawnArgs({ ...bare("antigravity"), effort: "low" })).toEqual(["--effort", "low"])
    expect(spawnArgs({ ...bare("kiro"), effort: "low" })).toEqual(["chat", "--effort", "low"])
  })
})

describe("a shell spawn", () => {
  it("gets no arguments whatever it is handed", () => {
    expect(spawnArgs(everything("shell", true))).toEqual([])
    expect(spawnArgs(everything("shell", false))).toEqual([])
    expect(spawnArgs(bare("shell"))).toEqual([])
  })
})

describe("the MCP registration", () => {
  it("for Claude Code is one --mcp-config flag with one JSON string", () => {
    expect(mcpArgs("claude", lich)).toEqual(claudeMcp)
    expect(JSON.parse(mcpArgs("claude", lich)[1]!)).toEqual({ mcpServers: { lich: { command: lich, args: ["mcp"] } } })
  })

  it("for Codex names the server, passes the session's variables by name, approves lich's tools and opens the sandbox's network", () => {
    expect(mcpArgs("codex", lich)).toEqual(codexMcp)
  })

  it("for Codex quotes a Windows path as a TOML string, backslashes and spaces included", () => {
    const bin = "C:\\Program Files\\lich\\lich.exe"
    expect(mcpArgs("codex", bin)[1]).toBe('mcp_servers.lich.command="C:\\\\Program Files\\\\lich\\\\lich.exe"')
  })

  it("for Codex escapes a quote and a DEL, which a TOML basic string may not hold raw", () => {
    expect(mcpArgs("codex", '/odd"dir\u007f/lich')[1]).toBe('mcp_servers.lich.command="/odd\\"dir\\u007F/lich"')
  })

  it("for Claude Code keeps a Windows path intact inside the JSON", () => {
    const bin = "C:\\Program Files\\lich\\lich.exe"
    expect(JSON.parse(mcpArgs("claude", bin)[1]!).mcpServers.lich.command).toBe(bin)
  })

  it.each(["antigravity", "opencode", "omp", "crush", "cursor", "kiro", "shell"] as const)(
    "is empty for %s, which gets it from the plugin",
    (kind) => {
      expect(mcpArgs(kind, lich)).toEqual([])
    }
  )

  it("is empty when lich cannot name its own binary", () => {
    expect(mcpArgs("claude", "")).toEqual([])
    expect(mcpArgs("codex", "  ")).toEqual([])
  })

  it("is left out of a spawn that did not ask for it, even with lich's path known", () => {
    expect(spawnArgs({ ...everything("claude", true), mcp: false })).not.toContain("--mcp-config")
    expect(spawnArgs({ ...everything("codex", true), mcp: false })).not.toContain('mcp_servers.lich.args=["mcp"]')
  })

  it("is left out of a spawn that asked for it without lich's path", () => {
    const { lichBin: _omit, ...withoutBin } = everything("claude", true)
    expect(spawnArgs(withoutBin)).not.toContain("--mcp-config")
    expect(spawnArgs({ ...everything("codex", false), lichBin: "" })).toEqual([
      "--no-daemon",
      "resume",
      "conv-1",
      "--dangerously-bypass-approvals-and-sandbox"
    ])
  })
})
