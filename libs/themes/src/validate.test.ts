import { describe, expect, it } from "vitest"
import { dark, light } from "./bundled.js"
import { isCssColor, pairOf, validateTheme } from "./validate.js"

const healthy = () => ({ ...dark, id: "night-owl", name: "Night Owl", app: { ...dark.app }, terminal: { ...dark.terminal } })

describe("a theme file", () => {
  it("passes when it carries every token, in its own file name", () => {
    expect(validateTheme(healthy(), "night-owl")).toMatchObject({ ok: true, theme: { id: "night-owl", scheme: "dark" } })
  })

  it("is refused when one app token is missing, naming it", () => {
    const t = healthy()
    delete (t.app as Record<string, string>)["sidebar-ring"]
    expect(validateTheme(t)).toEqual({ ok: false, reason: '"app" is missing "sidebar-ring"' })
  })

  it("is refused for a token nobody paints with", () => {
    const t = { ...healthy(), app: { ...healthy().app, glow: "#fff" } }
    expect(validateTheme(t)).toMatchObject({ ok: false, reason: '"app" has an unknown token "glow"' })
  })

  it("refuses colours that reach outside a colour: url, var, attr, color-mix, image-set, a closing semicolon", () => {
    for (const bad of [
      "url(x)",
      "var(--a)",
      "attr(x)",
      "color-mix(in oklab, red, blue)",
      "image-set(a)",
      "red; background: url(x)",
      "</style>"
    ]) {
      expect(isCssColor(bad)).toBe(false)
      expect(validateTheme({ ...healthy(), app: { ...healthy().app, background: bad } }).ok).toBe(false)
    }
    for (const good of ["#fff", "rgb(1 2 3 / 50%)", "oklch(0.7 0.1 200)", "hsl(210, 40%, 96%)", "transparent"])
      expect(isCssColor(good)).toBe(true)
  })

  it("takes only hex for the terminal, and needs its background and foreground", () => {
    expect(validateTheme({ ...healthy(), terminal: { ...healthy().terminal, red: "rgb(255,0,0)" } })).toMatchObject({ ok: false })
    expect(validateTheme({ ...healthy(), terminal: { background: "#000" } })).toEqual({
      ok: false,
      reason: '"terminal" is missing "foreground"'
    })
    expect(validateTheme({ ...healthy(), terminal: { background: "#000", foreground: "#fff", brightMagenta: "#f0f" } }).ok).toBe(true)
  })

  it("refuses the reserved ids, ids outside the pattern, and a file named unlike its id", () => {
    for (const id of ["light", "dark", "system", "match"]) expect(validateTheme({ ...healthy(), id }).ok).toBe(false)
    for (const id of ["Night", "-x", "a b", "x".repeat(65)]) expect(validateTheme({ ...healthy(), id }).ok).toBe(false)
    expect(validateTheme(healthy(), "owl")).toMatchObject({
      ok: false,
      reason: 'the file is named "owl.json" but the theme\'s id is "night-owl"'
    })
  })

  it("refuses a scheme other than light or dark, and unknown top-level keys", () => {
    expect(validateTheme({ ...healthy(), scheme: "dim" }).ok).toBe(false)
    expect(validateTheme({ ...healthy(), extends: "dark" })).toMatchObject({ ok: false, reason: 'unknown key "extends"' })
  })

  it("holds for the bundled themes themselves (but their ids are reserved for them)", () => {
    expect(validateTheme({ ...light, id: "light-copy" }).ok).toBe(true)
    expect(validateTheme({ ...dark, id: "dark-copy" }).ok).toBe(true)
  })
})

describe("a theme's pair", () => {
  it("is the installed other-scheme member of its family", () => {
    expect(pairOf("everforest-dark", ["everforest-dark", "everforest-light"])).toBe("everforest-light")
    expect(pairOf("everforest-light", ["everforest-dark", "everforest-light"])).toBe("everforest-dark")
    expect(pairOf("light", ["light", "dark"])).toBe("dark")
    expect(pairOf("solo-dark", ["solo-dark"])).toBe("")
    expect(pairOf("night-owl", ["night-owl"])).toBe("")
  })
})
