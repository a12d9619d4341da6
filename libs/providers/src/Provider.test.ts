import { describe, expect, it } from "vitest"
import { isProviderId, type ProviderId, provider, providerIds, providers, unknownKindMessage } from "./index.js"

const table: ReadonlyArray<readonly [ProviderId, string, string]> = [
  ["claude", "Claude Code", "claude"],
  ["codex", "Codex", "codex"],
  ["antigravity", "Antigravity", "agy"],
  ["opencode", "opencode", "opencode"],
  ["omp", "oh-my-pi", "omp"],
  ["crush", "Crush", "crush"],
  ["cursor", "Cursor CLI", "cursor-agent"],
  ["kiro", "Kiro CLI", "kiro-cli"],
  ["shell", "Shell", "/bin/sh"]
]

describe("the provider table", () => {
  it("lists the kinds in display order with Claude Code first and shell last", () => {
    expect(providerIds).toEqual(["claude", "codex", "antigravity", "opencode", "omp", "crush", "cursor", "kiro", "shell"])
  })

  it("holds one row per id, in the same order as the ids", () => {
    expect(providers.map((p) => p.id)).toEqual([...providerIds])
  })

  it.each(table)("gives %s the display name %s and the default binary %s", (id, name, binary) => {
    expect(provider(id).id).toBe(id)
    expect(provider(id).name).toBe(name)
    expect(provider(id).defaultBinary).toBe(binary)
  })

  it.each(providerIds)("names the binary override of %s LICH_<ID>_BIN in capitals", (id) => {
    expect(provider(id).binaryEnv).toBe(`LICH_${id.toUpperCase()}_BIN`)
  })

  it("spells the override of oh-my-pi LICH_OMP_BIN and of Claude Code LICH_CLAUDE_BIN", () => {
    expect(provider("omp").binaryEnv).toBe("LICH_OMP_BIN")
    expect(provider("claude").binaryEnv).toBe("LICH_CLAUDE_BIN")
  })

  it("lets only Claude Code and Codex take the MCP server at spawn", () => {
    expect(providers.filter((p) => p.acceptsMcpAtSpawn).map((p) => p.id)).toEqual(["claude", "codex"])
  })

  it("counts Claude Code, Codex and opencode (its per-process config) as always having the lich tools", () => {
    expect(providers.filter((p) => p.hasToolsAlways).map((p) => p.id)).toEqual(["claude", "codex", "opencode"])
  })

  it("expects turn reports after a session-start from every harness but Crush and Cursor CLI", () => {
    expect(providers.filter((p) => !p.reportsTurns).map((p) => p.id)).toEqual(["crush", "cursor", "shell"])
  })

  it("places the registration last for Claude Code and first for Codex, and nowhere for the rest", () => {
    expect(provider("claude").mcpPlacement).toBe("last")
    expect(provider("codex").mcpPlacement).toBe("first")
    for (const p of providers.filter((p) => !p.acceptsMcpAtSpawn)) expect(p.mcpPlacement).toBeUndefined()
  })

  it("gives ultracode to Claude Code alone, as a --settings document", () => {
    expect(provider("claude").ultracodeArgs).toEqual(["--settings", '{"ultracode":true}'])
    for (const p of providers.filter((p) => p.id !== "claude")) expect(p.ultracodeArgs).toBeUndefined()
  })

  it("gives a briefing flag to Claude Code and oh-my-pi only", () => {
    expect(providers.filter((p) => p.briefingFlag !== undefined).map((p) => p.id)).toEqual(["claude", "omp"])
  })

  it("gives Kiro the chat subcommand and no other provider a subcommand of its own", () => {
    expect(providers.filter((p) => p.subcommand !== undefined).map((p) => [p.id, p.subcommand])).toEqual([["kiro", "chat"]])
  })

  it("leaves the shell row without a single flag", () => {
    const shell = provider("shell")
    const flags = [
      shell.subcommand,
      shell.nameFlag,
      shell.agentFlag,
      shell.resumeWord,
      shell.skipPermissionsFlag,
      shell.modelFlag,
      shell.effort,
      shell.ultracodeArgs,
      shell.briefingFlag,
      shell.mcpPlacement
    ]
    expect(flags.every((f) => f === undefined)).toBe(true)
  })

  it("never spells --strict-mcp-config anywhere in the table", () => {
    expect(JSON.stringify(providers)).not.toContain("--strict-mcp-config")
  })
})

describe("recognising a kind", () => {
  it.each(providerIds)("accepts %s", (id) => {
    expect(isProviderId(id)).toBe(true)
  })

  it.each(["x", "", "Claude", "SHELL", " claude", "claude-code", "gemini", "toString", "constructor", "__proto__"])("refuses %j", (s) => {
    expect(isProviderId(s)).toBe(false)
  })

  it("words an unknown kind with the kind quoted and every known kind listed", () => {
    expect(unknownKindMessage("x")).toBe(
      '"x" is not a provider lich runs. Known kinds: claude, codex, antigravity, opencode, omp, crush, cursor, kiro, shell.'
    )
  })

  it("fails loudly when an unchecked string reaches provider, rather than falling back to Claude Code", () => {
    expect(() => provider("gemini" as ProviderId)).toThrow(unknownKindMessage("gemini"))
  })
})
