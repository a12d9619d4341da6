import { PluginProviderId } from "@lich/contract"
import { describe, expect, it } from "vitest"
import { installers, pluginState } from "./plugins.js"
import { plainPluginProviders, readPluginState, statusReaders } from "./read.js"

const ctx = {
  home: "/home/u",
  env: {},
  lichBin: "/opt/lich/bin/lich",
  version: "0.9.0",
  scriptsSource: "/x",
  ownDir: "/home/u/.config/lich/plugin"
}
const kiro = JSON.stringify({
  description: "Installed by lich-plugin v0.9.0 — lich's agent",
  mcpServers: { lich: { command: ctx.lichBin } }
})
const files = { read: (p: string) => (p === "/home/u/.kiro/agents/lich.json" ? kiro : undefined), isDir: () => false }

describe("the plain plugin reader", () => {
  it("lists the contract's providers in the contract's order", () => {
    expect(plainPluginProviders).toEqual(PluginProviderId.literals)
  })

  it("is what the installers read status with, so where each plugin lives is defined once", () => {
    for (const id of plainPluginProviders) expect(installers[id].status).toBe(statusReaders[id])
  })

  it("reads each install as the contract's class carries it", () => {
    for (const id of plainPluginProviders) expect(readPluginState(ctx, id, files)).toEqual({ ...pluginState(ctx, id, files) })
    expect(readPluginState(ctx, "kiro", files)).toMatchObject({ installed: true, version: "0.9.0", current: true })
  })
})
