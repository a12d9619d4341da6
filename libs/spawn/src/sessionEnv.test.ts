import { describe, expect, it } from "vitest"
import { sessionEnv } from "./sessionEnv.js"

const input = {
  port: 4242,
  token: "ab12",
  sessionId: "s1",
  lichBin: "/opt/lich/bin/lich",
  projectDir: "/p",
  worktreePort: 5000
}

describe("a session's environment", () => {
  it("is the launch environment plus exactly the contract's variables", () => {
    const env = sessionEnv({ ...input, base: { PATH: "/bin", HOME: "/h" } })
    expect(env).toEqual({
      PATH: "/bin",
      HOME: "/h",
      TERM: "xterm-256color",
      COLORTERM: "truecolor",
      LICH_PORT: "4242",
      LICH_TOKEN: "ab12",
      LICH_SESSION_ID: "s1",
      LICH_BIN: "/opt/lich/bin/lich",
      LICH_PROMPT_LANG: "en",
      LICH_PROJECT_DIR: "/p",
      LICH_WORKTREE_PORT: "5000"
    })
  })

  it("never carries the backend's own variables: its listen port, binary overrides, log level, loader marker", () => {
    const base = {
      PATH: "/bin",
      LICH_LISTEN_PORT: "7777",
      LICH_CLAUDE_BIN: "/fake/claude",
      LICH_CODEX_BIN: "/fake/codex",
      LICH_LOG_LEVEL: "debug",
      LICH_SELF: "/opt/lich/bin/lich",
      LICH_SESSION_ID: "a-parent"
    }
    const env = sessionEnv({ ...input, base })
    expect(
      Object.keys(env)
        .filter((k) => k.startsWith("LICH_"))
        .sort()
    ).toEqual(["LICH_BIN", "LICH_PORT", "LICH_PROJECT_DIR", "LICH_PROMPT_LANG", "LICH_SESSION_ID", "LICH_TOKEN", "LICH_WORKTREE_PORT"])
    expect(env.LICH_SESSION_ID).toBe("s1")
  })

  it("adds what the spawn sets for its provider last", () => {
    const env = sessionEnv({
      ...input,
      base: { LICH_SUBAGENT_CARDS: "on" },
      extra: { LICH_SUBAGENT_CARDS: "off", OPENCODE_CONFIG_DIR: "/d" }
    })
    expect(env.LICH_SUBAGENT_CARDS).toBe("off")
    expect(env.OPENCODE_CONFIG_DIR).toBe("/d")
  })
})
