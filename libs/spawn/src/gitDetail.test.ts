/**
 * The one line a person reads when git fails, for both git runners (the workspace's and the dock's):
 * git's fatal/error line over its progress chatter, its last line otherwise, and which git exited how
 * when it said nothing.
 */

import { describe, expect, it } from "@effect/vitest"
import { GitError, gitDetail } from "./git.js"

describe("gitDetail", () => {
  it("picks git's fatal or error line over the progress lines around it", () => {
    const said = "Cloning into 'x'...\nremote: Counting objects: 3\nfatal: could not read from remote repository\n\nPlease make sure"
    expect(gitDetail(["fetch"], 128, said)).toBe("fatal: could not read from remote repository")
    expect(gitDetail(["merge"], 1, "Auto-merging a\nerror: Your local changes would be overwritten")).toBe(
      "error: Your local changes would be overwritten"
    )
  })

  it("falls back to the last line said, then to the command and its exit", () => {
    expect(gitDetail(["status"], 1, "  first\n  last words  \n\n")).toBe("last words")
    expect(gitDetail(["status"], 129, "")).toBe("git status exited with 129")
    expect(gitDetail([], "killed", "  \n")).toBe("git  exited with killed")
  })

  it("is what the workspace's git error reads as (libs/git's GitFailed reads the same: its read.test.ts)", () => {
    const stderr = "hint: x\nfatal: not a git repository"
    expect(new GitError({ args: ["log"], code: 128, stderr }).detail).toBe("fatal: not a git repository")
  })
})
