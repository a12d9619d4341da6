import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { layClaudePlugin } from "./plugin.js"

const repoTree = path.resolve(__dirname, "..", "..", "..", "..", "hooks")
const scratch: Array<string> = []
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "lich-plugin-"))
  scratch.push(d)
  return d
}
afterEach(() => {
  for (const d of scratch.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

/** A copy of the repository's plugin tree that a test may edit. */
const editableTree = () => {
  const d = tempDir()
  fs.cpSync(repoTree, d, { recursive: true })
  return d
}

describe("laying lich's Claude Code plugin", () => {
  it("copies the manifest and the hooks folder under the data dir, keyed by version, scripts still executable", () => {
    const data = tempDir()
    const laid = layClaudePlugin(repoTree, data)
    const manifest = JSON.parse(fs.readFileSync(path.join(repoTree, ".claude-plugin", "plugin.json"), "utf8"))
    expect(laid.version).toBe(manifest.version)
    expect(path.dirname(laid.dir)).toBe(path.join(data, "plugins", "claude"))
    expect(path.basename(laid.dir)).toMatch(new RegExp(`^lich-${manifest.version.replace(/\./g, "\\.")}-[0-9a-f]{12}$`))
    expect(fs.readFileSync(path.join(laid.dir, "hooks", "hooks.json"), "utf8")).toBe(
      fs.readFileSync(path.join(repoTree, "hooks", "hooks.json"), "utf8")
    )
    expect(fs.statSync(path.join(laid.dir, "hooks", "report-state.sh")).mode & 0o111).not.toBe(0)
    // Only what Claude Code reads: the contracts' fixtures and docs stay behind.
    expect(fs.existsSync(path.join(laid.dir, "fixtures"))).toBe(false)
  })

  it("reuses a copy Claude Code has already written into, and leaves the source tree untouched", () => {
    const data = tempDir()
    const first = layClaudePlugin(repoTree, data)
    fs.writeFileSync(path.join(first.dir, "hooks", "claude-code.d.ts"), "// written by Claude Code")
    const again = layClaudePlugin(repoTree, data)
    expect(again.dir).toBe(first.dir)
    expect(fs.existsSync(path.join(again.dir, "hooks", "claude-code.d.ts"))).toBe(true)
    expect(fs.existsSync(path.join(repoTree, "hooks", "claude-code.d.ts"))).toBe(false)
  })

  it("lays a fresh copy when a file of the tree changes, even at the same version", () => {
    const data = tempDir()
    const tree = editableTree()
    const before = layClaudePlugin(tree, data)
    fs.appendFileSync(path.join(tree, "hooks", "report-state.sh"), "\n# changed\n")
    const after = layClaudePlugin(tree, data)
    expect(after.version).toBe(before.version)
    expect(after.dir).not.toBe(before.dir)
    expect(fs.readFileSync(path.join(after.dir, "hooks", "report-state.sh"), "utf8")).toContain("# changed")
  })

  it("refuses a tree whose manifest names no version, laying nothing", () => {
    const data = tempDir()
    const tree = editableTree()
    fs.writeFileSync(path.join(tree, ".claude-plugin", "plugin.json"), JSON.stringify({ name: "lich" }))
    expect(() => layClaudePlugin(tree, data)).toThrow(/no version/)
    expect(fs.existsSync(path.join(data, "plugins"))).toBe(false)
  })
})
