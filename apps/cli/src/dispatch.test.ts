import { describe, expect, it } from "vitest"
import { dispatch, levenshtein, suggest, unknownCommandLine } from "./dispatch.js"

const names = ["sessions", "send", "wait", "open", "close", "help"]

describe("what argv means", () => {
  it("starts the app with no arguments, with --no-window, --shell and -- flags", () => {
    expect(dispatch([], names)).toEqual({ _tag: "app", window: true, shell: "", browserFlags: [] })
    expect(dispatch(["--no-window"], names)).toEqual({ _tag: "app", window: false, shell: "", browserFlags: [] })
    expect(dispatch(["--shell", "/opt/chrome"], names)).toEqual({ _tag: "app", window: true, shell: "/opt/chrome", browserFlags: [] })
    expect(dispatch(["--shell=/opt/c", "--", "--ozone-platform=wayland", "x"], names)).toEqual({
      _tag: "app",
      window: true,
      shell: "/opt/c",
      browserFlags: ["--ozone-platform=wayland", "x"]
    })
  })

  it("refuses a --shell without a path and an unknown app flag, never starting anything", () => {
    expect(dispatch(["--shell"], names)._tag).toBe("usage")
    expect(dispatch(["--frobnicate"], names)._tag).toBe("usage")
  })

  it("runs a known word as a command with the rest of argv", () => {
    expect(dispatch(["send", "a", "b"], names)).toEqual({ _tag: "command", name: "send", args: ["a", "b"] })
    expect(dispatch(["--version"], names)).toEqual({ _tag: "command", name: "version", args: [] })
  })

  it("answers help for the list and for one command", () => {
    expect(dispatch(["help"], names)).toEqual({ _tag: "help", topic: "" })
    expect(dispatch(["--help"], names)).toEqual({ _tag: "help", topic: "" })
    expect(dispatch(["help", "send"], names)).toEqual({ _tag: "help", topic: "send" })
  })

  it("refuses an unknown word with the closest command when one is near", () => {
    expect(dispatch(["sesions"], names)).toEqual({ _tag: "unknown", word: "sesions", suggestion: "sessions" })
    expect(dispatch(["xyzzyplugh"], names)).toEqual({ _tag: "unknown", word: "xyzzyplugh", suggestion: "" })
    expect(unknownCommandLine({ word: "sned", suggestion: "send" })).toBe(
      'unknown command "sned" — did you mean "send"? Run `lich help` for the list.'
    )
    expect(unknownCommandLine({ word: "zz", suggestion: "" })).toBe('unknown command "zz". Run `lich help` for the list.')
  })

  it("measures edit distance the textbook way", () => {
    expect(levenshtein("kitten", "sitting")).toBe(3)
    expect(levenshtein("", "abc")).toBe(3)
    expect(suggest("OPEN", names)).toBe("open")
  })
})
