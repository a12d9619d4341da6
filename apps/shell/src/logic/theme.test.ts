import { dark, light } from "@lich/themes/contract"
import { describe, expect, it } from "vitest"
import type { ThemeList } from "../api/wire.js"
import { cssVariables, resolveTheme, terminalTheme } from "./theme.js"

const info = (t: typeof light, inUse = false) => ({
  id: t.id,
  name: t.name,
  scheme: t.scheme,
  pair: "",
  inUse,
  app: { ...t.app },
  terminal: { ...t.terminal }
})
const owl = { ...info(dark), id: "night-owl", name: "Night Owl" }
const list = (current: string): ThemeList => ({
  current,
  themes: [
    { id: "system", name: "System", scheme: "-", pair: "", inUse: current === "system", app: {}, terminal: {} },
    info(light),
    info(dark),
    owl
  ]
})

describe("the theme the window paints with", () => {
  it("follows the OS for system", () => {
    expect(resolveTheme(list("system"), true)?.id).toBe("dark")
    expect(resolveTheme(list("system"), false)?.id).toBe("light")
  })

  it("is the chosen theme whatever the OS prefers", () => {
    expect(resolveTheme(list("night-owl"), false)?.id).toBe("night-owl")
    expect(resolveTheme(list("light"), true)?.id).toBe("light")
  })

  it("falls back to the OS's bundled theme when the chosen one is gone", () => {
    expect(resolveTheme(list("deleted"), true)?.id).toBe("dark")
  })

  it("becomes one custom property per app token, and the terminal colours as xterm names them", () => {
    const vars = cssVariables(info(light))
    expect(vars).toContainEqual(["--background", "#ffffff"])
    expect(vars).toContainEqual(["--sidebar-ring", light.app["sidebar-ring"]])
    expect(terminalTheme(info(dark))).toMatchObject({ background: "#09090b", brightWhite: "#fafafa" })
  })
})
