import { describe, expect, it } from "vitest"
import { sessionGit } from "../logic/fixtures.js"
import { GitStore } from "./GitStore.js"

describe("the checkouts' store", () => {
  it("keeps the highest rev of each session's read, whatever order the frames come in", () => {
    const git = new GitStore()
    git.event({ _tag: "session-git", git: sessionGit({ rev: 3, branch: "three" }) })
    git.event({ _tag: "session-git", git: sessionGit({ rev: 2, branch: "two" }) })
    expect(git.state.byId.get("s1")?.branch).toBe("three")
  })

  it("takes a load's reads over what it held before a backend restart counted revs from 1 again", () => {
    const git = new GitStore()
    git.event({ _tag: "session-git", git: sessionGit({ rev: 40, branch: "before" }) })
    git.loading()
    git.loaded([sessionGit({ rev: 1, branch: "after" })])
    expect(git.state.byId.get("s1")?.branch).toBe("after")
    git.event({ _tag: "session-git", git: sessionGit({ rev: 1, branch: "again" }) })
    expect(git.state.byId.get("s1")?.branch).toBe("after")
  })

  it("holds each session's review whole, and forgets a closed session", () => {
    const git = new GitStore()
    git.event({ _tag: "session-git", git: sessionGit() })
    git.event({ _tag: "session-review", review: { id: "s1", comments: [], reviews: [] } })
    expect(git.state.reviews.has("s1")).toBe(true)
    git.event({ _tag: "session-closed", id: "s1", projectId: "p1", activeId: "" })
    expect(git.state.byId.has("s1")).toBe(false)
    expect(git.state.reviews.has("s1")).toBe(false)
  })

  it("tells no one when a frame changed nothing", () => {
    const git = new GitStore()
    git.event({ _tag: "session-git", git: sessionGit({ rev: 2 }) })
    let told = 0
    git.subscribe(() => told++)
    git.event({ _tag: "session-git", git: sessionGit({ rev: 1 }) })
    expect(told).toBe(0)
  })
})
