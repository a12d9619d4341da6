import { describe, expect, it } from "vitest"
import { rosterName } from "./index.js"

/** One row per rule: what the name does, the id and the directory, and the name that comes out. */
const rules: ReadonlyArray<{ readonly does: string; readonly id: string; readonly dir: string; readonly name: string }> = [
  {
    does: "is the directory's last element, a dash, and the first four characters of the id",
    id: "9f8e7d6c",
    dir: "/home/you/src/auth-fix",
    name: "auth-fix-9f8e"
  },
  { does: "ignores a trailing slash", id: "9f8e7d6c", dir: "/home/you/src/auth-fix/", name: "auth-fix-9f8e" },
  { does: "ignores several trailing slashes", id: "9f8e7d6c", dir: "/home/you/src/auth-fix///", name: "auth-fix-9f8e" },
  { does: "reads a Windows path the same on every platform", id: "9f8e7d6c", dir: "C:\\Users\\you\\auth-fix", name: "auth-fix-9f8e" },
  { does: "ignores a Windows path's trailing backslash", id: "9f8e7d6c", dir: "C:\\Users\\you\\auth-fix\\", name: "auth-fix-9f8e" },
  { does: "takes a relative path's own name", id: "9f8e7d6c", dir: "auth-fix", name: "auth-fix-9f8e" },
  { does: "skips the dashes of a UUID to reach four letters or digits", id: "1a-2b-3c4d", dir: "/p/app", name: "app-1a2b" },
  { does: "skips anything outside ASCII letters and digits", id: "é1_ü2.a3 b4", dir: "/p/app", name: "app-12a3" },
  { does: "skips an emoji, a character outside the BMP", id: "😀Zz9y", dir: "/p/app", name: "app-Zz9y" },
  { does: "keeps the case of the id", id: "AbCdEf", dir: "/p/app", name: "app-AbCd" },
  { does: "uses the whole id when it is shorter than four", id: "a1", dir: "/p/app", name: "app-a1" },
  { does: "leaves no dangling dash when the id is empty", id: "", dir: "/p/app", name: "app" },
  { does: "leaves no dangling dash when the id has nothing usable", id: "---", dir: "/p/app", name: "app" },
  { does: "keeps a directory name that merely contains dots", id: "abcd", dir: "/p/my.app", name: "my.app-abcd" },
  { does: "keeps a parent-directory name (..) as it is", id: "abcd", dir: "/p/..", name: "..-abcd" }
]

describe("the roster name", () => {
  it.each(rules)("$does ($dir, $id → $name)", ({ id, dir, name }) => {
    expect(rosterName(id, dir)).toBe(name)
  })

  it.each(["", ".", "/", "///", "\\"])("falls back to lich for %j, which names no directory", (path) => {
    expect(rosterName("9f8e7d6c", path)).toBe("lich-9f8e")
  })
})
