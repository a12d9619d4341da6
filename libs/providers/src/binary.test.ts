import { describe, expect, it } from "vitest"
import { provider, providerIds, resolveBinary } from "./index.js"

const agents = providerIds.filter((id) => id !== "shell")

describe("resolving the binary of an agent", () => {
  it.each(agents)("runs the default binary of %s when nothing overrides it", (id) => {
    expect(resolveBinary(id, { env: {} })).toBe(provider(id).defaultBinary)
  })

  it.each(agents)("runs the configured binary of %s over the default", (id) => {
    expect(resolveBinary(id, { setting: "/opt/agent", env: {} })).toBe("/opt/agent")
  })

  it.each(agents)("lets the environment override of %s win over the setting", (id) => {
    const env = { [`LICH_${id.toUpperCase()}_BIN`]: "/env/agent" }
    expect(resolveBinary(id, { setting: "/opt/agent", env })).toBe("/env/agent")
  })

  it("reads LICH_CLAUDE_BIN for Claude Code and LICH_OMP_BIN for oh-my-pi", () => {
    expect(resolveBinary("claude", { env: { LICH_CLAUDE_BIN: "/c" } })).toBe("/c")
    expect(resolveBinary("omp", { env: { LICH_OMP_BIN: "/o" } })).toBe("/o")
  })

  it("never reads another provider's override", () => {
    const env = { LICH_CODEX_BIN: "/codex", LICH_SHELL_BIN: "/shell" }
    expect(resolveBinary("claude", { env })).toBe("claude")
  })

  it("never takes an agent from $SHELL", () => {
    expect(resolveBinary("codex", { env: { SHELL: "/bin/zsh" } })).toBe("codex")
  })

  it("falls through an empty or blank override to the setting", () => {
    expect(resolveBinary("crush", { setting: "/opt/crush", env: { LICH_CRUSH_BIN: "" } })).toBe("/opt/crush")
    expect(resolveBinary("crush", { setting: "/opt/crush", env: { LICH_CRUSH_BIN: "   " } })).toBe("/opt/crush")
  })

  it("falls through an empty or blank setting to the default", () => {
    expect(resolveBinary("cursor", { setting: "", env: {} })).toBe("cursor-agent")
    expect(resolveBinary("cursor", { setting: " \t", env: {} })).toBe("cursor-agent")
  })

  it("trims the whitespace a pasted path carries", () => {
    expect(resolveBinary("kiro", { setting: " /opt/kiro-cli\n", env: {} })).toBe("/opt/kiro-cli")
    expect(resolveBinary("kiro", { env: { LICH_KIRO_BIN: " /env/kiro " } })).toBe("/env/kiro")
  })

  it("runs agy for Antigravity, because a provider id is not its command", () => {
    expect(resolveBinary("antigravity", { env: {} })).toBe("agy")
  })
})

describe("resolving the binary of a shell session", () => {
  const all = { LICH_SHELL_BIN: "/env/fish", SHELL: "/bin/zsh" }

  it("prefers LICH_SHELL_BIN over everything", () => {
    expect(resolveBinary("shell", { setting: "/opt/bash", env: all })).toBe("/env/fish")
  })

  it("prefers the setting over the user's $SHELL", () => {
    expect(resolveBinary("shell", { setting: "/opt/bash", env: { SHELL: "/bin/zsh" } })).toBe("/opt/bash")
  })

  it("falls back to the user's $SHELL", () => {
    expect(resolveBinary("shell", { env: { SHELL: "/bin/zsh" } })).toBe("/bin/zsh")
  })

  it("falls back to /bin/sh when nothing names a shell", () => {
    expect(resolveBinary("shell", { env: {} })).toBe("/bin/sh")
    expect(resolveBinary("shell", { setting: "", env: { SHELL: "", LICH_SHELL_BIN: " " } })).toBe("/bin/sh")
  })
})
