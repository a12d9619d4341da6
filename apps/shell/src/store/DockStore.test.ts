import { describe, expect, it } from "vitest"
import { DockStore } from "./DockStore.js"
import { DEFAULT_WIDTH, MIN_WIDTH } from "./dock-storage.js"

const memory = new Map<string, string>()
globalThis.localStorage = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v)
} as Storage

const look = { open: false, width: DEFAULT_WIDTH, mode: "unified" as const, whole: false }
const file = { id: "s1", path: "a.ts", section: "uncommitted" as const }

describe("the dock's store", () => {
  it("remembers its width, clamped between what its rows need and what the terminal leaves", () => {
    const dock = new DockStore(look)
    dock.resize(100, 1000)
    expect(dock.state.width).toBe(MIN_WIDTH)
    dock.resize(900.4, 700)
    expect(dock.state.width).toBe(700)
    expect(JSON.parse(memory.get("lich.dock")!)).toMatchObject({ width: 700 })
    expect(new DockStore().state.width).toBe(700)
  })

  it("drops a diff that was read for a file no longer open", () => {
    const dock = new DockStore(look)
    dock.openFile(file)
    dock.openFile({ ...file, path: "b.ts" })
    dock.diffLoaded(file, undefined, "gone")
    expect(dock.state.diffNote).toBe("")
    dock.diffLoaded({ ...file, path: "b.ts" }, undefined, "b.ts could not be read")
    expect(dock.state.diffNote).toBe("b.ts could not be read")
  })

  it("keeps one form at a time: editing a comment closes a new one, and the other way round", () => {
    const dock = new DockStore(look)
    dock.startComment({ ...file, side: "new", startLine: 1, endLine: 2 })
    dock.startEdit("c1")
    expect(dock.state.draft).toBeUndefined()
    dock.startComment({ ...file, side: "new", startLine: 3, endLine: 3 })
    expect(dock.state.editing).toBe("")
  })

  it("says which calls are in flight", () => {
    const dock = new DockStore(look)
    dock.working("send-review", true)
    expect(dock.state.busy.has("send-review")).toBe(true)
    dock.working("send-review", false)
    expect(dock.state.busy.size).toBe(0)
  })
})
