import { describe, expect, it } from "vitest"
import { actionOf, HOTKEYS, keysOf, step } from "./hotkeys.js"

const key = (code: string, over: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  code,
  ctrlKey: true,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...over
})

describe("the window's hotkeys", () => {
  it("reads mod as Ctrl off a Mac and ⌘ on one", () => {
    expect(actionOf(key("KeyK"), false)).toBe("palette")
    expect(actionOf(key("KeyK"), true)).toBeUndefined()
    expect(actionOf(key("KeyK", { ctrlKey: false, metaKey: true }), true)).toBe("palette")
  })

  it("needs shift exactly where the table says, and never takes an Alt combination", () => {
    expect(actionOf(key("KeyT", { shiftKey: true }), false)).toBe("new-session")
    expect(actionOf(key("KeyT"), false)).toBeUndefined()
    expect(actionOf(key("KeyK", { altKey: true }), false)).toBeUndefined()
    expect(actionOf(key("ArrowDown", { shiftKey: true }), false)).toBe("next-session")
  })

  it("gives every action one binding and a label for the help overlay", () => {
    expect(new Set(HOTKEYS.map((h) => h.action)).size).toBe(HOTKEYS.length)
    expect(new Set(HOTKEYS.map((h) => `${h.shift}${h.code}`)).size).toBe(HOTKEYS.length)
    expect(keysOf("new-worktree", false)).toBe("Ctrl+Shift+B")
    expect(keysOf("palette", true)).toBe("⌘+K")
  })

  it("steps around the ring, starting from the first when nothing is picked", () => {
    expect(step(["a", "b", "c"], "c", 1)).toBe("a")
    expect(step(["a", "b", "c"], "a", -1)).toBe("c")
    expect(step(["a", "b"], "zz", 1)).toBe("a")
    expect(step([], "a", 1)).toBeUndefined()
  })
})
