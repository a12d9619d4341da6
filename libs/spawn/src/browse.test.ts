import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { complete, findOnPath, providersFound, splitTyped } from "./browse.js"
import { refuseSetting } from "./settingKeys.js"

describe("completing a typed project path", () => {
  it("expands ~ and splits into the directory to list and the prefix to match", () => {
    expect(splitTyped("~/src/li", "/home/u")).toEqual({ dir: "/home/u/src", prefix: "li" })
    expect(splitTyped("/w/", "/home/u")).toEqual({ dir: "/w/", prefix: "" })
    expect(splitTyped("", "/home/u")).toEqual({ dir: "/home/u/", prefix: "" })
    expect(splitTyped("relative/x", "/home/u")).toBeUndefined()
  })

  it("lists directories only, dot-directories only when the dot was typed, sorted", () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "lich-browse-"))
    for (const d of ["beta", "alpha", ".cache"]) fs.mkdirSync(path.join(home, d))
    fs.writeFileSync(path.join(home, "afile"), "")
    expect(complete("~/", home).entries.map((e) => e.name)).toEqual(["alpha", "beta"])
    expect(complete("~/a", home).entries.map((e) => e.path)).toEqual([path.join(home, "alpha")])
    expect(complete("~/.c", home).entries.map((e) => e.name)).toEqual([".cache"])
    expect(complete("~/nope/", home)).toMatchObject({ dir: "", entries: [] })
    fs.rmSync(home, { recursive: true })
  })
})

describe("the providers found", () => {
  it("finds a binary on PATH or by its path, and says what to install when missing", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-path-"))
    fs.writeFileSync(path.join(dir, "claude"), "#!/bin/sh\n", { mode: 0o755 })
    expect(findOnPath("claude", dir)).toBe(path.join(dir, "claude"))
    expect(findOnPath(path.join(dir, "claude"), "")).toBe(path.join(dir, "claude"))
    const found = providersFound(new Map(), { PATH: dir })
    expect(found.find((p) => p.id === "claude")).toMatchObject({ path: path.join(dir, "claude"), models: true })
    expect(found.find((p) => p.id === "codex")).toMatchObject({ path: "" })
    expect(found.find((p) => p.id === "codex")!.install).toContain("npm install -g @openai/codex")
    expect(found.some((p) => p.id === "shell")).toBe(false)
    fs.rmSync(dir, { recursive: true })
  })
})

describe("settings the window may store", () => {
  it("refuses unknown keys and values their reader would not understand; empty always clears", () => {
    expect(refuseSetting("provider.claude.model", "opus")).toBeUndefined()
    expect(refuseSetting("provider.claude.ultracode", "yes")).toContain('"on" or "off"')
    expect(refuseSetting("provider.codex.sandbox", "always")).toContain("off, ask, worktrees, everywhere")
    expect(refuseSetting("nonsense.key", "1")).toContain("not a setting")
    expect(refuseSetting("provider.claude.sandbox", "")).toBeUndefined()
  })
})
