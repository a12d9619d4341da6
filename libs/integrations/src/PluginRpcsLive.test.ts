/**
 * The `plugin.` group as the server serves it (callRpc over PluginLayer), on a real temporary home
 * with the plugin tree this repository ships: the states of all five, an install and a removal
 * answered as read back off the disk, and a refusal as the contract's Refused with the one line.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { callRpc, PluginRpcs } from "@lich/contract"
import { Effect, Exit, Layer } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { PluginInstalls } from "./PluginInstalls.js"
import { PluginLayer } from "./PluginRpcsLive.js"
import { pluginContext } from "./plugin/plugins.js"

const home = fs.mkdtempSync(path.join(os.tmpdir(), "lich-plugin-rpc-"))
afterAll(() => fs.rmSync(home, { recursive: true, force: true }))

const ctx = pluginContext({
  env: { HOME: home },
  home,
  lichBin: "/opt/lich/bin/lich",
  hooksTree: path.resolve(__dirname, "../../../hooks"),
  ownDir: path.join(home, ".config", "lich", "plugin")
})
const layer = PluginLayer.pipe(Layer.provide(PluginInstalls.layer(ctx)))
const call = <A, E>(e: Effect.Effect<A, E, Layer.Layer.Success<typeof layer>>) => Effect.runPromiseExit(Effect.provide(e, layer))

describe("plugin. procedures", () => {
  it("lists the five, installs Cursor, and answers it current", async () => {
    const states = await call(callRpc(PluginRpcs, "plugin.States", {}))
    expect(Exit.isSuccess(states) && states.value.map((s) => [s.provider, s.installed])).toEqual([
      ["omp", false],
      ["crush", false],
      ["cursor", false],
      ["kiro", false],
      ["antigravity", false]
    ])
    const after = await call(callRpc(PluginRpcs, "plugin.Install", { provider: "cursor" }))
    expect(Exit.isSuccess(after) && after.value).toMatchObject({ provider: "cursor", installed: true, current: true, version: ctx.version })
    expect(JSON.parse(fs.readFileSync(path.join(home, ".cursor", "mcp.json"), "utf8"))).toEqual({
      mcpServers: { lich: { command: "/opt/lich/bin/lich", args: ["mcp"] } }
    })
  })

  it("refuses an update of what is not installed, as Refused with the one line", async () => {
    const refused = await call(Effect.flip(callRpc(PluginRpcs, "plugin.Update", { provider: "omp" })))
    expect(Exit.isSuccess(refused) && refused.value).toMatchObject({
      _tag: "Refused",
      message: "lich's plugin is not installed for oh-my-pi; install it first"
    })
    expect(fs.existsSync(path.join(home, ".omp"))).toBe(false)
  })

  it("removes Cursor and answers it not installed", async () => {
    const after = await call(callRpc(PluginRpcs, "plugin.Remove", { provider: "cursor" }))
    expect(Exit.isSuccess(after) && after.value).toMatchObject({ provider: "cursor", installed: false, current: false })
    expect(fs.existsSync(path.join(home, ".cursor", "mcp.json"))).toBe(false)
  })
})
