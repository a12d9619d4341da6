import { describe, expect, it } from "vitest"
import { selectIncluded } from "./worktreeInclude.js"

const ignored = [
  ".env",
  ".env.local",
  "config/.env.test",
  "node_modules",
  "build.log",
  "secrets/api.key",
  "secrets/nested/b.key",
  "envfile"
]

describe(".worktreeinclude matching", () => {
  it("takes .env* at any depth when the project has no .worktreeinclude", () => {
    expect(selectIncluded(undefined, ignored)).toEqual([".env", ".env.local", "config/.env.test"])
  })

  it("anchors a pattern with a leading or inner slash to the project root", () => {
    expect(selectIncluded("/.env\n", ignored)).toEqual([".env"])
    expect(selectIncluded("config/.env*\n", ignored)).toEqual(["config/.env.test"])
  })

  it("takes everything under a directory pattern, and ** across directories", () => {
    expect(selectIncluded("secrets/\n", ignored)).toEqual(["secrets/api.key", "secrets/nested/b.key"])
    expect(selectIncluded("**/*.key\n", ignored)).toEqual(["secrets/api.key", "secrets/nested/b.key"])
  })

  it("lets a later ! pattern take back what an earlier one included, and skips comments and blanks", () => {
    expect(selectIncluded("# env files\n.env*\n\n!.env.local\n", ignored)).toEqual([".env", "config/.env.test"])
  })

  it("includes nothing from an empty file", () => {
    expect(selectIncluded("", ignored)).toEqual([])
  })
})
