import { describe, expect, it } from "vitest"
import { isProviderId, type ProviderId, providerIds, refuseOpenOptions } from "./index.js"

const refusesModel: ReadonlyArray<ProviderId> = ["crush", "shell"]
const refusesEffort: ReadonlyArray<ProviderId> = ["opencode", "crush", "cursor", "shell"]

describe("refusing --model", () => {
  it.each(providerIds)("for %s matches the contract: only Crush and shell refuse it", (id) => {
    const refusal = refuseOpenOptions(id, { model: "some-model" })
    expect(refusal !== undefined).toBe(refusesModel.includes(id))
  })

  it("tells Crush why and lists every kind that takes a model", () => {
    expect(refuseOpenOptions("crush", { model: "m" })).toBe(
      "--model is refused for crush: Crush takes a model only on its non-interactive run subcommand, so the TUI lich spawns would start on its default. " +
        "--model is accepted for claude, codex, antigravity, opencode, omp, cursor, kiro."
    )
  })

  it("tells a shell it runs no agent", () => {
    expect(refuseOpenOptions("shell", { model: "m" })).toMatch(/^--model is refused for shell: a shell session runs no agent\. /)
  })
})

describe("refusing --effort", () => {
  it.each(providerIds)("for %s matches the contract: opencode, Crush, Cursor and shell refuse it", (id) => {
    const refusal = refuseOpenOptions(id, { effort: "high" })
    expect(refusal !== undefined).toBe(refusesEffort.includes(id))
  })

  it("lists the five kinds that take an effort", () => {
    expect(refuseOpenOptions("opencode", { effort: "high" })).toMatch(/ --effort is accepted for claude, codex, antigravity, omp, kiro\.$/)
  })

  it("points Cursor at --model, since its effort lives in the model id", () => {
    const refusal = refuseOpenOptions("cursor", { effort: "high" })!
    expect(refusal).toMatch(/^--effort is refused for cursor: /)
    expect(refusal).toContain("pass that as --model")
  })

  it.each(["opencode", "crush"] as const)("tells %s its TUI has no effort flag", (id) => {
    expect(refuseOpenOptions(id, { effort: "high" })).toContain("has no effort flag")
  })
})

describe("refusing --ultracode", () => {
  it.each(providerIds)("for %s matches the contract: every kind but Claude Code refuses it", (id) => {
    const refusal = refuseOpenOptions(id, { ultracode: true })
    expect(refusal !== undefined).toBe(id !== "claude")
  })

  it("says ultracode is Claude Code's alone and that only claude takes it", () => {
    expect(refuseOpenOptions("codex", { ultracode: true })).toBe(
      "--ultracode is refused for codex: ultracode is Claude Code's alone. --ultracode is accepted for claude only."
    )
  })

  it.each(providerIds)("does not refuse %s when ultracode is off", (id) => {
    expect(refuseOpenOptions(id, { ultracode: false })).toBeUndefined()
  })
})

describe("every refusal", () => {
  const all = providerIds.flatMap((id) =>
    [{ model: "m" }, { effort: "e" }, { ultracode: true }].map((o) => ({ id, o, refusal: refuseOpenOptions(id, o) }))
  )
  const refusals = all.filter((r) => r.refusal !== undefined)

  it("is one of the fourteen the contract names", () => {
    expect(refusals.length).toBe(2 + 4 + 8)
  })

  it("is a single line", () => {
    for (const r of refusals) expect(r.refusal, r.id).not.toMatch(/[\r\n]/)
  })

  it("names the kind it refuses and lists only other, known kinds as accepting", () => {
    for (const r of refusals) {
      const text = r.refusal!
      const marker = " is accepted for "
      const cut = text.lastIndexOf(marker)
      expect(cut, text).toBeGreaterThan(0)
      expect(text.slice(0, cut), text).toContain(`is refused for ${r.id}: `)
      const accepted = text
        .slice(cut + marker.length)
        .replace(/( only)?\.$/, "")
        .split(", ")
      expect(accepted, text).not.toContain(r.id)
      expect(accepted.every(isProviderId), text).toBe(true)
    }
  })
})

describe("a clean set of options", () => {
  it.each(providerIds)("passes for %s when nothing is asked", (id) => {
    expect(refuseOpenOptions(id, {})).toBeUndefined()
  })

  it("passes Claude Code with all three", () => {
    expect(refuseOpenOptions("claude", { model: "opus", effort: "high", ultracode: true })).toBeUndefined()
  })

  it("passes Codex, Antigravity and Kiro with a model and an effort", () => {
    for (const id of ["codex", "antigravity", "kiro"] as const)
      expect(refuseOpenOptions(id, { model: "m", effort: "e" }), id).toBeUndefined()
  })

  it("does not count an empty model or effort as given", () => {
    expect(refuseOpenOptions("shell", { model: "", effort: "  " })).toBeUndefined()
  })

  it("reports the model first, then the effort, then ultracode, when several are refused", () => {
    expect(refuseOpenOptions("shell", { model: "m", effort: "e", ultracode: true })).toMatch(/^--model /)
    expect(refuseOpenOptions("shell", { effort: "e", ultracode: true })).toMatch(/^--effort /)
    expect(refuseOpenOptions("crush", { ultracode: true })).toMatch(/^--ultracode /)
  })
})
