import { describe, expect, it } from "vitest"
import { opencodeArgs, opencodeEnv } from "./bridge.js"

const session = { port: 41234, password: "pw" }

describe("an opencode spawn", () => {
  it("serves opencode's event bus on a loopback port, and nothing secret in argv", () => {
    expect(opencodeArgs(session)).toEqual(["--port", "41234", "--hostname", "127.0.0.1"])
  })

  it("carries the server's password and lich's MCP server in the environment", () => {
    expect(opencodeEnv(session, "/opt/lich/bin/lich", {})).toEqual({
      OPENCODE_SERVER_PASSWORD: "pw",
      OPENCODE_CONFIG_CONTENT: '{"mcp":{"lich":{"type":"local","command":["/opt/lich/bin/lich","mcp"],"enabled":true}}}'
    })
  })

  it("keeps the user's own OPENCODE_CONFIG_CONTENT, their MCP servers included", () => {
    const base = { OPENCODE_CONFIG_CONTENT: '{"theme":"x","mcp":{"mine":{"type":"remote","url":"http://127.0.0.1:1"}}}' }
    const env = opencodeEnv(session, "/l", base)
    expect(JSON.parse(env.OPENCODE_CONFIG_CONTENT!)).toEqual({
      theme: "x",
      mcp: { mine: { type: "remote", url: "http://127.0.0.1:1" }, lich: { type: "local", command: ["/l", "mcp"], enabled: true } }
    })
  })

  it("leaves a user's OPENCODE_CONFIG_CONTENT that is not a JSON object alone, tools and all", () => {
    expect(opencodeEnv(session, "/l", { OPENCODE_CONFIG_CONTENT: "{oops" })).toEqual({ OPENCODE_SERVER_PASSWORD: "pw" })
    expect(opencodeEnv(session, "/l", { OPENCODE_CONFIG_CONTENT: "[1]" })).toEqual({ OPENCODE_SERVER_PASSWORD: "pw" })
  })
})
