/** The command table and the one parser read off it: what the contract names, help, refusals. */
import { describe, expect, it } from "vitest"
import { commandNames, commands } from "./commands/index.js"
import { exitCodes } from "./exitCodes.js"
import { parse } from "./parse.js"
import { commandHelp, OWN, renderHelp, usageLine } from "./render/help.js"
import type { CommandSpec } from "./spec.js"

/** Every command docs/cli.md's contract names (the spec's sections and the exit-code table). */
const CONTRACT = [
  "sessions",
  "whoami",
  "send",
  "wait",
  "reply",
  "control",
  "ask",
  "insert",
  "focus",
  "open",
  "close",
  "rename",
  "worktrees",
  "folders",
  "file",
  "rename-folder",
  "color-folder",
  "theme",
  "native",
  "mcp",
  "cost",
  "doctor",
  "rage",
  "version",
  "quit",
  "help"
]

const row = (name: string): CommandSpec => commands.find((c) => c.name === name)!
const listed = (text: string) =>
  text
    .split("\n")
    .filter((l) => /^ {2}\S/.test(l))
    .map((l) => l.trim().split(/\s+/)[0])

describe("the command table", () => {
  it("has a row for every command of the contract, and none twice", () => {
    for (const c of CONTRACT) expect(commandNames).toContain(c)
    expect(new Set(commandNames).size).toBe(commandNames.length)
  })

  it("gives every command a handler (a group: each of its subcommands), and each flag one spelling", () => {
    const leaves = commands.flatMap((c) => c.subcommands ?? [c]).filter((c) => c.name !== "help")
    for (const c of leaves) expect([c.name, c.run !== undefined]).toEqual([c.name, true])
    for (const c of commands) expect(new Set(c.flags.map((f) => f.name)).size).toBe(c.flags.length)
  })

  it("is what lich help lists, help itself among them, and marks the commands beyond the contract", () => {
    const text = renderHelp("1.2.3", commands)
    expect(listed(text)).toEqual([...commandNames])
    expect(listed(text)).toContain("help")
    for (const c of commands) expect(text.includes(`${c.summary} ${OWN}`)).toBe(c.own === true)
    expect(commands.filter((c) => c.own).map((c) => c.name)).toEqual(["errands", "hosts", "plugin"])
  })
})

describe("the parser", () => {
  it("reads flags anywhere before --, valued ones spaced or with =, and leaves prompts that look like flags alone", () => {
    const p = parse(row("send"), ["--timeout=5", "docs", "--json", "--", "--private"])
    expect(p._tag).toBe("run")
    if (p._tag !== "run") return
    expect([p.values.int("timeout"), p.values.flag("json"), p.values.flag("private")]).toEqual([5, true, false])
    expect([p.values.arg("session"), p.values.arg("prompt")]).toEqual(["docs", "--private"])
    const q = parse(row("send"), ["docs", "--json is the flag"])
    expect(q._tag === "run" && q.values.arg("prompt")).toBe("--json is the flag")
  })

  it("deals words to the arguments in order: [session] word, optional and repeated", () => {
    const one = parse(row("rename"), ["new name"])
    const two = parse(row("rename"), ["old", "new name"])
    expect(one._tag === "run" && one.values.args("words")).toEqual(["new name"])
    expect(two._tag === "run" && two.values.args("words")).toEqual(["old", "new name"])
    const bare = parse(row("wait"), [])
    expect(bare._tag === "run" && [bare.values.has("ticket"), bare.values.arg("ticket")]).toEqual([false, ""])
    const control = parse(row("control"), ["s", "command", "review", "src/a.ts"])
    expect(control._tag === "run" && control.values.args("words")).toEqual(["review", "src/a.ts"])
  })

  it("refuses each mistake in one line that names it", () => {
    const refused = (name: string, args: ReadonlyArray<string>) => {
      const p = parse(row(name), args)
      expect(p._tag).toBe("usage")
      return p._tag === "usage" ? p.message : ""
    }
    expect(refused("send", ["--bogus", "a", "b"])).toBe(
      'unknown flag "--bogus" for lich send — `lich send --help` lists the flags it takes'
    )
    expect(refused("open", ["--kind"])).toBe("--kind needs a value — `lich open --help` says what it takes")
    expect(refused("open", ["--kind", "--json"])).toBe("--kind needs a value — `lich open --help` says what it takes")
    expect(refused("wait", ["--timeout", "abc"])).toBe('--timeout takes a whole number, not "abc"')
    expect(refused("close", ["--worktree", "toss", "s"])).toBe('--worktree takes keep or remove, not "toss"')
    expect(refused("send", ["--json", "--json", "a", "b"])).toBe("--json is given twice — give it once")
    expect(refused("sessions", ["--json=yes"])).toBe("--json takes no value")
    expect(refused("send", ["docs"])).toBe(`send needs <prompt> — usage: lich ${usageLine(row("send"))}`)
    expect(refused("sessions", ["extra"])).toBe(
      'sessions takes no more arguments, but got "extra" — usage: lich sessions [--json] [--host text]'
    )
    expect(refused("theme", [])).toBe("theme needs a subcommand (list or switch) — `lich theme --help` says what each does")
    expect(refused("theme", ["--json"])).toMatch(/^theme needs a subcommand/)
    expect(refused("theme", ["--json", "lsit"])).toBe('unknown subcommand "lsit" for lich theme — it takes list or switch')
    for (const name of commandNames) {
      const p = parse(row(name), ["--no-such-flag"])
      expect(p._tag === "usage" && p.message.split("\n")).toHaveLength(1)
    }
    expect(exitCodes.Usage).toBe(1)
  })

  it("takes a group's flags before or after its subcommand", () => {
    for (const args of [
      ["--json", "switch", "dark"],
      ["switch", "dark", "--json"]
    ]) {
      const p = parse(row("theme"), args)
      expect(p._tag === "run" && [p.path, p.values.flag("json"), p.values.arg("theme")]).toEqual(["theme switch", true, "dark"])
    }
  })

  it("answers --help and -h with the command's page, its usage line first", () => {
    for (const flag of ["--help", "-h"]) {
      const p = parse(row("close"), ["s", flag])
      expect(p._tag).toBe("help")
    }
    expect(commandHelp(row("send")).split("\n")[0]).toBe(
      "usage: lich send [--project text] [--timeout integer] [--private] [--host text] [--json] <session> <prompt>"
    )
    expect(commandHelp(row("close"))).toMatch(/^usage: lich close .*--worktree keep \| remove/)
  })
})
