// The contract's rules on argv, checked over every provider and every combination of options that changes
// what a spawn passes, rather than over a few hand-picked examples.

import { describe, expect, it } from "vitest"
import { briefingText, type ProviderId, provider, providerIds, type SpawnInput, spawnArgs } from "./index.js"

const lich = "/usr/local/bin/lich"

/** Every combination of the options that matter, for every provider, at birth and on resume. */
const combinations = (): ReadonlyArray<SpawnInput> => {
  const out: Array<SpawnInput> = []
  const flags = [false, true]
  for (const kind of providerIds)
    for (const birth of flags)
      for (const model of [undefined, "m-1"])
        for (const effort of [undefined, "high"])
          for (const ultracode of flags)
            for (const skipPermissions of flags)
              for (const mcp of flags)
                for (const briefing of [undefined, briefingText(provider(kind).hasToolsAlways)])
                  for (const resumeId of [undefined, "c0ffee-42"])
                    out.push({
                      kind,
                      binary: kind,
                      rosterName: "app-9f8e",
                      birth,
                      resumeId,
                      model,
                      effort,
                      ultracode,
                      skipPermissions,
                      briefing,
                      lichBin: lich,
                      mcp,
                      agent: "lich"
                    })
  return out
}

const all = combinations()
const label = (i: SpawnInput): string => JSON.stringify({ ...i, briefing: i.briefing === undefined ? undefined : "…" })

describe("every spawn of every provider", () => {
  it("covers all nine kinds in 256 combinations each", () => {
    expect(all.length).toBe(9 * 256)
  })

  it("never carries the word token in argv, but for the name of the variable Codex passes lich mcp", () => {
    for (const i of all) {
      for (const a of spawnArgs(i)) expect(a.replace('"LICH_TOKEN"', "").toLowerCase(), label(i)).not.toContain("token")
    }
  })

  it("never carries --strict-mcp-config", () => {
    for (const i of all) for (const a of spawnArgs(i)) expect(a, label(i)).not.toContain("--strict-mcp-config")
  })

  it("never passes a model or an effort on resume", () => {
    for (const i of all.filter((i) => !i.birth)) {
      const args = spawnArgs(i)
      expect(args, label(i)).not.toContain("m-1")
      expect(
        args.some((a) => a.includes("high")),
        label(i)
      ).toBe(false)
    }
  })

  it("passes the model at birth to every kind but Crush and shell", () => {
    for (const i of all.filter((i) => i.birth && i.model !== undefined)) {
      const expected = i.kind !== "crush" && i.kind !== "shell"
      expect(spawnArgs(i).includes("m-1"), label(i)).toBe(expected)
    }
  })

  it("passes the effort at birth to every kind but opencode, Crush, Cursor and shell", () => {
    const refused: ReadonlyArray<ProviderId> = ["opencode", "crush", "cursor", "shell"]
    for (const i of all.filter((i) => i.birth && i.effort !== undefined)) {
      expect(
        spawnArgs(i).some((a) => a.endsWith("high")),
        label(i)
      ).toBe(!refused.includes(i.kind))
    }
  })

  it("turns ultracode on exactly for Claude Code when asked, birth or resume", () => {
    for (const i of all) {
      expect(spawnArgs(i).includes("--settings"), label(i)).toBe(i.kind === "claude" && i.ultracode === true)
    }
  })

  it("reopens a conversation exactly when resuming a provider with an id", () => {
    for (const i of all) {
      const word = provider(i.kind).resumeWord
      const resuming = !i.birth && i.resumeId !== undefined && word !== undefined
      expect(spawnArgs(i).includes("c0ffee-42"), label(i)).toBe(resuming)
      if (resuming) {
        const args = spawnArgs(i)
        expect(args[args.indexOf("c0ffee-42") - 1], label(i)).toBe(word)
      }
    }
  })

  it("names the session only for Claude Code, and only at birth", () => {
    for (const i of all) {
      expect(spawnArgs(i).includes("--name"), label(i)).toBe(i.kind === "claude" && i.birth)
    }
  })

  it("registers the MCP server only for Claude Code and Codex, and only when asked", () => {
    for (const i of all) {
      const registered = spawnArgs(i).some((a) => a === "--mcp-config" || a.startsWith("mcp_servers."))
      expect(registered, label(i)).toBe(i.mcp && (i.kind === "claude" || i.kind === "codex"))
    }
  })

  it("puts Claude Code's registration last, where its variadic flag can swallow nothing", () => {
    for (const i of all.filter((i) => i.kind === "claude" && i.mcp)) {
      const args = spawnArgs(i)
      expect(args.indexOf("--mcp-config"), label(i)).toBe(args.length - 2)
    }
  })

  it("puts Codex's registration first, ahead of the resume subcommand", () => {
    for (const i of all.filter((i) => i.kind === "codex" && i.mcp)) {
      const args = spawnArgs(i)
      expect(args[0], label(i)).toBe("--no-daemon")
      expect(args[2]!.startsWith("mcp_servers.lich.command="), label(i)).toBe(true)
      expect(args[4], label(i)).toBe('mcp_servers.lich.args=["mcp"]')
      if (args.includes("resume")) expect(args.indexOf("resume"), label(i)).toBe(13)
    }
  })

  it("keeps the order name, resume, skip, model, effort, ultracode, briefing", () => {
    const order = (a: string): number =>
      ["--name", "--resume", "--dangerously-skip-permissions", "--model", "--effort", "--settings", "--append-system-prompt"].indexOf(a)
    for (const i of all.filter((i) => i.kind === "claude")) {
      const seen = spawnArgs(i)
        .map(order)
        .filter((n) => n >= 0)
      expect(seen, label(i)).toEqual([...seen].sort((a, b) => a - b))
    }
  })

  it("hands the briefing only to Claude Code and oh-my-pi, on every spawn", () => {
    for (const i of all.filter((i) => i.briefing !== undefined)) {
      expect(spawnArgs(i).includes(i.briefing!), label(i)).toBe(i.kind === "claude" || i.kind === "omp")
    }
  })

  it("gives a shell nothing at all", () => {
    for (const i of all.filter((i) => i.kind === "shell")) expect(spawnArgs(i), label(i)).toEqual([])
  })

  it("answers the same argv for the same input, and leaves the input untouched", () => {
    for (const i of all) {
      const before = JSON.stringify(i)
      expect(spawnArgs(i)).toEqual(spawnArgs(i))
      expect(JSON.stringify(i)).toBe(before)
    }
  })
})

describe("a value that would be read as a flag", () => {
  const hostile = ["-p", "--dangerously-skip-permissions", "  -x", "", "   "]

  it.each(providerIds)("is dropped from every slot of a %s spawn, at birth and on resume", (kind) => {
    for (const birth of [true, false]) {
      const clean: SpawnInput = { kind, binary: kind, rosterName: "", birth, mcp: false }
      for (const v of hostile) {
        const input: SpawnInput = { ...clean, rosterName: v, resumeId: v, model: v, effort: v, agent: v, briefing: v }
        expect(spawnArgs(input), `${kind} ${JSON.stringify(v)}`).toEqual(spawnArgs(clean))
      }
    }
  })

  it("as a model leaves Claude Code on its default rather than passing --model", () => {
    const args = spawnArgs({ kind: "claude", binary: "claude", rosterName: "r", birth: true, mcp: false, model: "--help" })
    expect(args).toEqual(["--name", "r"])
  })

  it("as a roster name leaves Claude Code unnamed", () => {
    expect(spawnArgs({ kind: "claude", binary: "claude", rosterName: "-app-9f8e", birth: true, mcp: false })).toEqual([])
  })

  it("as a resume id starts a fresh Codex rather than handing resume a flag", () => {
    expect(spawnArgs({ kind: "codex", binary: "codex", rosterName: "r", birth: false, resumeId: "--last", mcp: false })).toEqual([
      "--no-daemon"
    ])
  })

  it("as lich's own path registers nothing", () => {
    const base = { binary: "x", rosterName: "", birth: true, mcp: true, lichBin: "-lich" } as const
    expect(spawnArgs({ ...base, kind: "claude" })).toEqual([])
    expect(spawnArgs({ ...base, kind: "codex" })).toEqual(["--no-daemon"])
  })

  it("is trimmed of surrounding whitespace when it is otherwise usable", () => {
    const args = spawnArgs({
      kind: "codex",
      binary: "codex",
      rosterName: "",
      birth: true,
      mcp: false,
      model: " gpt-5 ",
      effort: "\thigh\n"
    })
    expect(args).toEqual(["--no-daemon", "--model", "gpt-5", "-c", "model_reasoning_effort=high"])
  })

  it("passes a briefing with its own whitespace intact", () => {
    const args = spawnArgs({ kind: "omp", binary: "omp", rosterName: "", birth: true, mcp: false, briefing: "Brief.\n" })
    expect(args).toEqual(["--append-system-prompt", "Brief.\n"])
  })
})

describe("birth and resume", () => {
  it("ignores a resume id at birth, because a birth is a new conversation", () => {
    const args = spawnArgs({ kind: "claude", binary: "claude", rosterName: "r", birth: true, resumeId: "c1", mcp: false })
    expect(args).toEqual(["--name", "r"])
  })

  it("passes neither a resume nor a model when a resume has no id to reopen", () => {
    const args = spawnArgs({ kind: "opencode", binary: "opencode", rosterName: "r", birth: false, model: "m", mcp: false })
    expect(args).toEqual([])
  })

  it("keeps skipping permissions on resume", () => {
    for (const kind of providerIds.filter((k) => k !== "shell")) {
      const args = spawnArgs({ kind, binary: kind, rosterName: "r", birth: false, resumeId: "c1", skipPermissions: true, mcp: false })
      expect(args, kind).toContain(provider(kind).skipPermissionsFlag)
    }
  })
})
