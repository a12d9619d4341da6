import { describe, expect, it } from "vitest"
import { tabComplete } from "./completion.js"
import { card } from "./fixtures.js"
import { noteFor } from "./notify.js"
import { ago, cycle, filterItems, type PaletteItem } from "./palette.js"

const item = (group: PaletteItem["group"], title: string, detail = ""): PaletteItem => ({
  group,
  key: `${group}:${title}`,
  title,
  detail,
  hint: ""
})

describe("the palette", () => {
  const items = [
    item("Sessions", "auth fix", "api · claude"),
    item("Projects", "api", "/w/api"),
    item("History", "fix-login", "api · parked"),
    item("Actions", "Settings")
  ]

  it("keeps items holding every typed word, in any order and case", () => {
    expect(filterItems(items, "API claude", "All").map((i) => i.title)).toEqual(["auth fix"])
    expect(filterItems(items, "", "History").map((i) => i.title)).toEqual(["fix-login"])
  })

  it("ranks titles that start with the first word first", () => {
    expect(filterItems(items, "fix", "All").map((i) => i.title)).toEqual(["fix-login", "auth fix"])
  })

  it("says how long ago a session was parked", () => {
    expect(ago(0, 30_000)).toBe("just now")
    expect(ago(0, 5 * 60_000)).toBe("5 min ago")
    expect(ago(0, 3 * 3600_000)).toBe("3 h ago")
    expect(ago(0, 2 * 86400_000)).toBe("2 d ago")
  })

  it("moves a pick through nothing-picked between the ends", () => {
    expect([cycle(-1, 1, 2), cycle(1, 1, 2), cycle(-1, -1, 2)]).toEqual([0, -1, 1])
  })
})

describe("the open-project field's Tab", () => {
  it("completes into a single match and to what several share", () => {
    expect(tabComplete("/w/a", [{ name: "api", path: "/w/api" }])).toBe("/w/api/")
    expect(
      tabComplete("/w/a", [
        { name: "apple", path: "/w/apple" },
        { name: "apply", path: "/w/apply" }
      ])
    ).toBe("/w/appl")
    expect(tabComplete("/w/a", [])).toBe("/w/a")
  })
})

describe("desktop notifications", () => {
  it("are for a waiting or finished card while the window is not focused", () => {
    const c = card({ id: "s9", label: "docs", project: "api" })
    expect(noteFor("waiting", "", c, false)).toEqual({ title: "docs needs your input", body: "api · Waiting on you", tag: "s9" })
    expect(noteFor("waiting", "Allow Bash?", c, false)?.body).toBe("api · Allow Bash?")
    expect(noteFor("done", "", c, false)?.title).toBe("docs finished its turn")
    expect(noteFor("waiting", "", c, true)).toBeUndefined()
    expect(noteFor("busy", "", c, false)).toBeUndefined()
  })
})
