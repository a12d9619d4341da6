import { describe, expect, it } from "vitest"
import { subcommandRefusal } from "./subcommands.js"

describe("a command group", () => {
  const subs = ["list", "switch"]
  it("refuses no subcommand with one line naming the ones it takes", () => {
    expect(subcommandRefusal("theme", subs, [])).toBe("theme needs a subcommand (list or switch) — `lich theme --help` says what each does")
    expect(subcommandRefusal("theme", subs, ["--json"])).toMatch(/^theme needs a subcommand/)
  })
  it("refuses an unknown subcommand", () => {
    expect(subcommandRefusal("theme", subs, ["lsit"])).toBe('unknown subcommand "lsit" for lich theme — it takes list or switch')
  })
  it("lets a known subcommand and a plain command through", () => {
    expect(subcommandRefusal("theme", subs, ["--json", "list"])).toBeUndefined()
    expect(subcommandRefusal("sessions", [], [])).toBeUndefined()
  })
})
