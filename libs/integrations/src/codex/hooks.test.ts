import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { codexHome, codexProfileToml, codexTrustHash, layCodexProfile } from "./hooks.js"

describe("Codex's hook trust", () => {
  // Both hashes were written by Codex 0.169.0 itself when its review dialog was answered "Trust all".
  it("hashes a hook exactly as Codex does", () => {
    expect(codexTrustHash("Stop", undefined, "/tmp/exp/cx/hook.sh Stop")).toBe(
      "sha256:4423b8aa6d905dd291286e64ae13787187a5696c3b661739cfdfc1aee1cfa832"
    )
  })

  it("counts a group's matcher in the hash", () => {
    expect(codexTrustHash("PostToolUse", "apply_patch|Edit|Write|Bash", "'/work/main/hooks/hooks/report-touched.sh'")).toBe(
      "sha256:348fb980b48623cb68b73f0336d1a87989f033c397cf553935f9d2086214e594"
    )
  })
})

describe("lich's Codex profile", () => {
  const file = "/home/u/.codex/lich.config.toml"
  const text = codexProfileToml(file, "/opt/lich plugin/hooks")

  it("maps Codex's events to lich's report scripts", () => {
    const commands = [
      ...text.matchAll(/^\[\[hooks\.(\w+)\]\]\n(?:matcher = "([^"]*)"\n)?\[\[hooks\.\w+\.hooks\]\]\ntype = "command"\ncommand = (".*")/gm)
    ].map((m) => `${m[1]}${m[2] ? `(${m[2]})` : ""} ${JSON.parse(m[3]!).replace("'/opt/lich plugin/hooks/", "").replace("'", "")}`)
    expect(commands).toEqual([
      "SessionStart report-session-start.sh codex",
      "UserPromptSubmit report-state.sh busy",
      "UserPromptSubmit report-prompt-title.sh",
      "PreToolUse report-tool.sh",
      "PermissionRequest report-permission.sh",
      "PostToolUse report-state.sh busy",
      "PostToolUse(apply_patch|Edit|Write|Bash) report-touched.sh",
      "Stop report-state.sh done"
    ])
  })

  it("trusts each hook under the key Codex looks up: the file, the event, the group and the handler", () => {
    expect(text).toContain(`[hooks.state."${file}:post_tool_use:1:0"]`)
    expect(text).toContain(`[hooks.state."${file}:user_prompt_submit:1:0"]`)
    expect(text.match(/trusted_hash = "sha256:[0-9a-f]{64}"/g)).toHaveLength(8)
  })

  it("is written once, and rewritten only when it would say something else", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-codex-"))
    expect(layCodexProfile(dir, "/a/hooks")).toBe("lich")
    const laid = path.join(dir, "lich.config.toml")
    const first = fs.statSync(laid).mtimeMs
    fs.utimesSync(laid, 1, 1)
    layCodexProfile(dir, "/a/hooks")
    expect(fs.statSync(laid).mtimeMs).toBe(1000)
    layCodexProfile(dir, "/b/hooks")
    expect(fs.readFileSync(laid, "utf8")).toContain("/b/hooks/report-tool.sh")
    expect(first).toBeGreaterThan(1000)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("keeps what Codex saved into it — a folder the user trusted in a session — and rewrites only lich's hooks", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-codex-"))
    layCodexProfile(dir, "/a/hooks")
    const laid = path.join(dir, "lich.config.toml")
    // What Codex 0.169 appended when its trust dialog was answered in a session.
    fs.appendFileSync(laid, '\n[projects."/work/repo"]\ntrust_level = "trusted"\n')
    layCodexProfile(dir, "/b/hooks")
    const text = fs.readFileSync(laid, "utf8")
    expect(text).toContain('[projects."/work/repo"]\ntrust_level = "trusted"')
    expect(text).not.toContain("/a/hooks")
    expect(text.match(/\[hooks\.state\./g)).toHaveLength(8)
    const again = fs.statSync(laid).mtimeMs
    fs.utimesSync(laid, 1, 1)
    layCodexProfile(dir, "/b/hooks")
    expect(fs.statSync(laid).mtimeMs).toBe(1000)
    expect(again).toBeGreaterThan(1000)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("lives in $CODEX_HOME, else ~/.codex", () => {
    expect(codexHome({ CODEX_HOME: "/c" }, "/h")).toBe("/c")
    expect(codexHome({}, "/h")).toBe("/h/.codex")
  })
})
