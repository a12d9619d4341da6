import { describe, expect, it } from "vitest"
import type { PrWire } from "../api/wire.js"
import { fileChange, sessionGit } from "./fixtures.js"
import { cardFigures, checksFigure, clock, countsText, prFigure, sourceLine, standingFigure, statusMark } from "./gitFigures.js"

const at = new Date(2026, 11, 2, 14, 3, 5).getTime()
const read = (over: Partial<{ stale: boolean; error: string; source: "git" | "gh" }> = {}) => ({
  source: "git" as const,
  at,
  stale: false,
  error: "",
  ...over
})
const standing = (ahead: number, behind: number, conflict: "none" | "conflict" | "unknown" = "none", conflicted: Array<string> = []) => ({
  ahead,
  behind,
  conflict,
  conflicted,
  read: read()
})

const pr = (over: Partial<PrWire> = {}): PrWire => ({
  number: 12,
  state: "OPEN",
  reviewDecision: "",
  title: "Add the thing",
  url: "https://example.invalid/pr/12",
  draft: false,
  headRefName: "feat",
  checks: { passed: 0, failed: 0, pending: 0, skipped: 0, checks: [], read: read({ source: "gh" }) },
  read: read({ source: "gh" }),
  ...over
})

describe("the figures of a checkout", () => {
  it("say their source and read time, and why they are stale", () => {
    expect(clock(at)).toBe("14:03:05")
    expect(sourceLine(read())).toBe("from git, read at 14:03:05")
    expect(sourceLine(read({ stale: true, error: "git timed out" }))).toBe(
      "from git, read at 14:03:05\nstale: the last read failed — git timed out"
    )
  })

  it("word base standing as ↓behind ↑ahead, red on a conflict, amber when behind", () => {
    expect(standingFigure(sessionGit({ standing: standing(0, 0) }))).toBeUndefined()
    expect(standingFigure(sessionGit({ standing: standing(0, 1) }))).toMatchObject({ text: "↓1", tone: "warn" })
    expect(standingFigure(sessionGit({ standing: standing(3, 0) }))).toMatchObject({ text: "↑3", tone: "" })
    const c = standingFigure(sessionGit({ standing: standing(1, 2, "conflict", ["a.ts"]) }))!
    expect(c).toMatchObject({ text: "↓2 ↑1 conflict", tone: "bad" })
    expect(c.title).toContain("merging would conflict in a.ts")
    expect(standingFigure(sessionGit({ baseGone: true }))).toMatchObject({ key: "base", text: "base gone" })
  })

  it("marks a stale figure stale", () => {
    const g = sessionGit({ uncommitted: [fileChange("a")], added: 1, read: read({ stale: true, error: "no" }) })
    expect(cardFigures(g).find((f) => f.key === "diff")).toMatchObject({ stale: true })
  })

  it("shows a PR's number with its state and review decision, and a checks ring by the worst bucket", () => {
    expect(prFigure(pr())).toMatchObject({ text: "#12" })
    expect(prFigure(pr({ reviewDecision: "CHANGES_REQUESTED" })).title).toContain("(open, changes requested)")
    expect(prFigure(pr({ draft: true })).title).toContain("(draft)")
    expect(checksFigure(pr())).toBeUndefined()
    const failing = pr({
      checks: {
        passed: 2,
        failed: 1,
        pending: 1,
        skipped: 0,
        checks: [{ name: "lint", state: "FAILURE", link: "", bucket: "fail" }],
        read: read({ source: "gh" })
      }
    })
    expect(checksFigure(failing)).toMatchObject({ text: "1✗", tone: "bad" })
    expect(checksFigure(failing)!.title).toContain("✗ lint")
    expect(checksFigure(failing)!.title).toContain("from gh")
  })

  it("orders the card's figures as the reference does, and shows none outside a repository", () => {
    const g = sessionGit({
      standing: standing(1, 1),
      pr: pr({ checks: { passed: 1, failed: 0, pending: 0, skipped: 0, checks: [], read: read() } }),
      committed: [fileChange("a")],
      added: 1,
      overlaps: [{ id: "x", label: "x", files: ["a"] }]
    })
    expect(cardFigures(g).map((f) => f.key)).toEqual(["standing", "pr", "checks", "diff", "overlap"])
    expect(cardFigures(sessionGit({ repository: false }))).toEqual([])
    expect(cardFigures(undefined)).toEqual([])
  })

  it("leads a file row with its status and says what its counts cannot", () => {
    expect(statusMark(fileChange("a", { untracked: true, status: "added" })).letter).toBe("U")
    expect(statusMark(fileChange("b", { status: "renamed", oldPath: "a" }))).toEqual({ letter: "R", words: "renamed from a" })
    expect(countsText(fileChange("a", { content: "binary" }))).toBe("binary")
    expect(countsText(fileChange("a", { content: "too-large", size: 200 * 1024 * 1024 }))).toBe("too large (200.0 MB)")
    expect(countsText(fileChange("a", { added: 4, removed: 2 }))).toBe("+4 −2")
  })
})
