import { describe, expect, it } from "vitest"
import { card } from "../../logic/fixtures.js"
import { tabBadge } from "./view.js"

describe("a project tab's badge", () => {
  it("shows the most urgent state: waiting, then busy, then done", () => {
    expect(tabBadge([card({ state: "done" }), card({ state: "busy" }), card({ state: "waiting" })])).toBe("waiting")
    expect(tabBadge([card({ state: "done" }), card({ state: "busy" })])).toBe("busy")
    expect(tabBadge([card({ state: "done" })])).toBe("done")
    expect(tabBadge([card({ state: "idle" }), card()])).toBe("")
  })
})
