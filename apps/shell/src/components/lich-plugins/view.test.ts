import { describe, expect, it } from "vitest"
import type { PluginInstallWire, Provider } from "../../api/wire.js"
import { pluginCards } from "./view.js"

const state = (provider: PluginInstallWire["provider"], more: Partial<PluginInstallWire> = {}): PluginInstallWire => ({
  provider,
  name: provider,
  installed: false,
  version: "",
  current: false,
  where: [`/home/u/.${provider}/mcp.json`],
  ...more
})
const found = (id: string, path: string) => ({ id, path }) as Provider

describe("Settings › lich plugin's cards", () => {
  it("offers Install when not installed, Remove when current, Update and Remove when out of date", () => {
    const { cards } = pluginCards(
      [
        state("omp"),
        state("cursor", { installed: true, version: "0.9.1", current: true }),
        state("kiro", { installed: true, version: "0.8.0" })
      ],
      [found("omp", "/bin/omp"), found("cursor", "/bin/cursor-agent"), found("kiro", "/bin/kiro-cli")]
    )
    expect(cards.map((c) => [c.provider, c.state, c.verbs])).toEqual([
      ["omp", "not-installed", ["install"]],
      ["cursor", "current", ["remove"]],
      ["kiro", "outdated", ["update", "remove"]]
    ])
    expect(cards[1]!.summary).toBe("Installed, 0.9.1: current")
    expect(cards[2]!.summary).toMatch(/^Installed, 0\.8\.0: out of date/)
  })

  it("lists a provider not on this machine apart, unless lich's install is still there to remove", () => {
    const { cards, missing } = pluginCards(
      [state("crush", { name: "Crush" }), state("antigravity", { name: "Antigravity", installed: true, version: "0.9.1", current: true })],
      [found("crush", ""), found("antigravity", "")]
    )
    expect(missing).toEqual(["Crush"])
    expect(cards.map((c) => [c.provider, c.found, c.verbs])).toEqual([["antigravity", "", ["remove"]]])
  })
})
