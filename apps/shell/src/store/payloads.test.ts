import { describe, expect, it } from "vitest"
import { card } from "../logic/fixtures.js"
import { closePayload, openPayload, renamePayload } from "./payloads.js"

describe("what the window asks the backend", () => {
  it('opens a session in the tab\'s project directory, as a person (from "")', () => {
    expect(openPayload({ id: "p1", name: "api", path: "/work/api", activeId: "" }, "shell")).toEqual({
      from: "",
      project: "/work/api",
      kind: "shell",
      worktree: "",
      base: "",
      model: "",
      effort: "",
      ultracode: false,
      folder: ""
    })
  })

  it("renames and closes by lich id, never by a label another project may share", () => {
    expect(renamePayload(card({ id: "abc" }), "docs")).toEqual({ from: "", target: "abc", project: "", label: "docs" })
    expect(closePayload(card({ id: "abc" }))).toEqual({ from: "", target: "abc", project: "", worktree: "", force: false })
  })
})
