import { describe, expect, it } from "@effect/vitest"
import { sanitizeForPaste, utf8Length } from "./Paste.js"

describe("sanitizing a message for pasting", () => {
  it("keeps text, newlines and tabs", () => {
    expect(sanitizeForPaste("fix the bug\n\tin main.ts — ok? ✓")).toBe("fix the bug\n\tin main.ts — ok? ✓")
  })

  it("makes an embedded paste terminator inert by dropping its ESC", () => {
    expect(sanitizeForPaste("a\x1b[201~rm -rf /\r")).toBe("a[201~rm -rf /")
  })

  it("drops every other C0 control, DEL and the C1 controls", () => {
    expect(sanitizeForPaste("\x00\x01\x03\x07\x08\x0b\x0c\r\x1b\x1f\x7f\u0080\u009b\u009fok")).toBe("ok")
  })

  it("measures in UTF-8 bytes", () => {
    expect(utf8Length("é✓")).toBe(5)
  })
})
