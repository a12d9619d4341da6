import { describe, expect, it } from "vitest"
import { confirmText } from "../components/lich-dock/land-view.js"
import { fileChange, sessionGit } from "../logic/fixtures.js"
import { ghNote } from "../logic/gitFigures.js"
import { LandStore, refused } from "./LandStore.js"

const standing = {
  ahead: 2,
  behind: 1,
  conflict: "none" as const,
  conflicted: [],
  read: { source: "git" as const, at: 0, stale: false, error: "" }
}

describe("the dock's landing part", () => {
  it("starts over for another session: nothing asked about one is confirmed for the next", () => {
    const land = new LandStore()
    land.about("a")
    land.ask("merge")
    land.typed("wip")
    land.about("a")
    expect(land.state.confirm).toBe("merge")
    land.about("b")
    expect(land.state).toMatchObject({ id: "b", confirm: undefined, message: "" })
  })

  it("answers a confirmation with its outcome", () => {
    const land = new LandStore()
    land.about("a")
    land.ask("rebase")
    land.working("rebase")
    land.done(refused(`"a" has uncommitted work (1 file) — commit or stash it before you rebase`))
    expect(land.state).toMatchObject({ confirm: undefined, busy: "", note: { tone: "bad" } })
  })

  it("says what each action will do before it is done", () => {
    const g = sessionGit({ branch: "feat", base: "main", standing, uncommitted: [fileChange("a.ts"), fileChange("b.ts")] })
    const l = new LandStore().state
    expect(confirmText("commit", g, "api", l)).toBe(
      "Commit 2 files (git add -A) on feat in “api”'s checkout, with a message asked of “api”'s agent."
    )
    expect(confirmText("commit", g, "api", { ...l, message: "Fix it\nbecause" })).toContain("as “Fix it”")
    expect(confirmText("rebase", g, "api", l)).toContain("its 2 commits replayed on top of main's 1 new commit")
    expect(confirmText("merge", g, "api", { ...l, mode: "squash" })).toBe(
      "Merge feat into main (squashed into one commit): 2 commits. main's own checkout, if one holds it, follows without losing its changes."
    )
  })

  it("says on the card's menu why gh cannot open pull requests, and nothing when it can", () => {
    const read = { source: "gh" as const, at: 0, stale: false, error: "" }
    expect(ghNote({ installed: true, loggedIn: true, detail: "github.com as ann", read })).toBe("")
    expect(
      ghNote({
        installed: false,
        loggedIn: false,
        detail: "gh is not installed: pull requests, checks and PR checkouts are unavailable",
        read
      })
    ).toContain("not installed")
    expect(ghNote(undefined)).toBe("")
  })
})
