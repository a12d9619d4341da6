import { describe, expect, it } from "vitest"
import { rosterName } from "./index.js"

describe("the roster name", () => {
  it("is the directory's last element, a dash, and the first four characters of the id", () => {
    expect(rosterName("9f8e7d6c", "/home/you/src/auth-fix")).toBe("auth-fix-9f8e")
  })

  it("ignores a trailing slash", () => {
    expect(rosterName("9f8e7d6c", "/home/you/src/auth-fix/")).toBe("auth-fix-9f8e")
    expect(rosterName("9f8e7d6c", "/home/you/src/auth-fix///")).toBe("auth-fix-9f8e")
  })

  it("reads a Windows path the same on every platform", () => {
    expect(rosterName("9f8e7d6c", "C:\\Users\\you\\auth-fix")).toBe("auth-fix-9f8e")
    expect(rosterName("9f8e7d6c", "C:\\Users\\you\\auth-fix\\")).toBe("auth-fix-9f8e")
  })

  it("takes a relative path's own name", () => {
    expect(rosterName("9f8e7d6c", "auth-fix")).toBe("auth-fix-9f8e")
  })

  it.each(["", ".", "/", "///", "\\"])("falls back to lich for %j, which names no directory", (path) => {
    expect(rosterName("9f8e7d6c", path)).toBe("lich-9f8e")
  })

  it("skips the dashes of a UUID to reach four letters or digits", () => {
    expect(rosterName("1a-2b-3c4d", "/p/app")).toBe("app-1a2b")
  })

  it("skips anything outside ASCII letters and digits", () => {
    expect(rosterName("é1_ü2.a3 b4", "/p/app")).toBe("app-12a3")
    expect(rosterName("😀Zz9y", "/p/app")).toBe("app-Zz9y")
  })

  it("keeps the case of the id", () => {
    expect(rosterName("AbCdEf", "/p/app")).toBe("app-AbCd")
  })

  it("uses the whole id when it is shorter than four", () => {
    expect(rosterName("a1", "/p/app")).toBe("app-a1")
  })

  it("leaves no dangling dash when the id has nothing usable", () => {
    expect(rosterName("", "/p/app")).toBe("app")
    expect(rosterName("---", "/p/app")).toBe("app")
  })

  it("keeps a directory name that merely contains dots", () => {
    expect(rosterName("abcd", "/p/my.app")).toBe("my.app-abcd")
    expect(rosterName("abcd", "/p/..")).toBe("..-abcd")
  })
})
