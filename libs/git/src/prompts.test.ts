import { FileChange, Read, SessionGit } from "@lich/contract"
import { describe, expect, it } from "vitest"
import { parseReviewAnswer, reviewPrompt } from "./prompts.js"
import { overlapsOf } from "./radar.js"

describe("a reviewer's answer", () => {
  it("becomes comments for the lines naming a changed file, and a summary of the rest", () => {
    const answer = [
      "src/a.ts:12: off by one",
      "- `src/b c.ts`:3-5: extract this",
      "1. src/a.ts:40-38: the range is read forwards",
      "README.md:1: not a changed file, so prose",
      "Note: a colon in prose stays prose",
      "Summary: good after these"
    ].join("\n")
    const got = parseReviewAnswer(answer, ["src/a.ts", "src/b c.ts"])
    expect(got.comments).toEqual([
      { path: "src/a.ts", startLine: 12, endLine: 12, text: "off by one" },
      { path: "src/b c.ts", startLine: 3, endLine: 5, text: "extract this" },
      { path: "src/a.ts", startLine: 40, endLine: 40, text: "the range is read forwards" }
    ])
    expect(got.summary).toBe("README.md:1: not a changed file, so prose\nNote: a colon in prose stays prose\ngood after these")
  })

  it("is asked for with every comment's place, its quoted lines and its text", () => {
    const p = reviewPrompt([
      { path: "a.ts", startLine: 2, endLine: 3, section: "committed", side: "new", quoted: "x\ny", text: "why?" },
      { path: "b.ts", startLine: 1, endLine: 1, section: "uncommitted", side: "old", quoted: "z", text: "keep" }
    ])
    expect(p).toContain("1. a.ts:2-3 (committed)\n   > x\n   > y\n   why?")
    expect(p).toContain("2. b.ts:1 (the base's side)\n   > z\n   keep")
  })
})

const git = (id: string, dir: string, files: Array<string>) =>
  new SessionGit({
    id,
    projectId: "p",
    dir,
    repository: true,
    branch: id,
    head: "h",
    base: "main",
    baseSha: "b",
    baseGone: false,
    committed: [],
    uncommitted: files.map(
      (path) => new FileChange({ path, oldPath: "", status: "modified", content: "text", added: 1, removed: 0, size: 1, untracked: false })
    ),
    truncated: false,
    added: 0,
    removed: 0,
    overlaps: [],
    read: new Read({ source: "git", at: 0, stale: false, error: "" }),
    rev: 0
  })

describe("the conflict radar", () => {
  it("marks two checkouts changing one file on both sides, and never two sessions sharing a checkout", () => {
    const seats = [
      { git: git("a", "/wt/a", ["x.ts", "y.ts"]), label: "A" },
      { git: git("b", "/wt/b", ["y.ts", "z.ts"]), label: "B" },
      { git: git("c", "/wt/a", ["x.ts"]), label: "C" }
    ]
    const o = overlapsOf(seats)
    expect(o.get("a")!.map((x) => [x.id, x.files])).toEqual([["b", ["y.ts"]]])
    expect(o.get("b")!.map((x) => [x.id, x.files])).toEqual([["a", ["y.ts"]]])
    expect(o.get("c")).toEqual([])
  })
})
