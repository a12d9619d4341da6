/**
 * The installed themes and the one in use. Files in `<config>/lich/themes/*.json` are read on every
 * list, so a theme dropped in the folder is there at the next `lich theme list` without a restart;
 * a file that fails validation is left out and logged, never half-applied. The choice is stored in
 * the settings (`appearance.theme`) and announced with `theme-changed`, which repaints every window.
 * Served as the contract's theme procedures (`system.Themes`, `system.SwitchTheme`).
 */

import * as fs from "node:fs/promises"
import * as path from "node:path"
import { Failed, NotFound, ThemeInfo, ThemeList, ThemeRpcs, ThemeSwitched } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Settings } from "@lich/store"
import { Effect, Either } from "effect"
import { bundled, SYSTEM_ID, SYSTEM_NAME } from "./bundled.js"
import { pairOf, type ThemeFile, validateTheme } from "./validate.js"

export const THEME_SETTING = "appearance.theme"

const readUserThemes = (dir: string) =>
  Effect.gen(function* () {
    const names = yield* Effect.promise(() => fs.readdir(dir).catch(() => [] as Array<string>))
    const found: Array<ThemeFile> = []
    for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
      const text = yield* Effect.promise(() => fs.readFile(path.join(dir, name), "utf8").catch(() => ""))
      const raw = Either.try((): unknown => JSON.parse(text))
      if (Either.isLeft(raw)) {
        yield* Effect.logWarning(`theme ${name} is not JSON; left out`)
        continue
      }
      const v = validateTheme(raw.right, name.slice(0, -".json".length))
      if (v.ok) found.push(v.theme)
      else yield* Effect.logWarning(`theme ${name} left out: ${v.reason}`)
    }
    return found
  })

/** The list as the CLI and the window show it: "system" first, and the chosen theme in use if it is installed. */
const themeList = (themes: ReadonlyArray<ThemeFile>, chosen: string): ThemeList => {
  const inUse = themes.some((t) => t.id === chosen) ? chosen : SYSTEM_ID
  const ids = themes.map((t) => t.id)
  const system = new ThemeInfo({
    id: SYSTEM_ID,
    name: SYSTEM_NAME,
    scheme: "-",
    pair: "",
    inUse: inUse === SYSTEM_ID,
    app: {},
    terminal: {}
  })
  const rows = themes.map(
    (t) =>
      new ThemeInfo({
        id: t.id,
        name: t.name,
        scheme: t.scheme,
        pair: pairOf(t.id, ids),
        inUse: t.id === inUse,
        app: t.app,
        terminal: t.terminal
      })
  )
  return new ThemeList({ current: inUse, themes: [system, ...rows] })
}

const handlers = (dir: string) =>
  Effect.gen(function* () {
    const settings = yield* Settings
    const hub = yield* EventHub
    const failed = (what: string) => (e: { message: string }) => new Failed({ message: `${what}: ${e.message}` })

    const current = settings.get(THEME_SETTING).pipe(
      Effect.map((o) => (o._tag === "Some" ? o.value : SYSTEM_ID)),
      Effect.mapError(failed("could not read the theme setting"))
    )

    const installed = Effect.map(readUserThemes(dir), (user) => {
      // A user theme cannot shadow a bundled one: the reserved ids are refused by validation.
      return [...bundled, ...user]
    })

    const list = Effect.fn("system.Themes")(function* () {
      return themeList(yield* installed, yield* current)
    })

    const switchTo = Effect.fn("system.SwitchTheme")(function* ({ id }: { readonly id: string }) {
      const { themes, current: previous } = yield* list()
      if (!themes.some((t) => t.id === id)) {
        return yield* new NotFound({
          what: "theme",
          name: id,
          message: `no installed theme is called "${id}" — lich theme list shows the ones there are`
        })
      }
      yield* settings.set(THEME_SETTING, id).pipe(Effect.mapError(failed("could not store the theme")))
      yield* hub.publish({ _tag: "theme-changed", id })
      return new ThemeSwitched({ id, previous })
    })

    return ThemeRpcs.of({ "system.Themes": list, "system.SwitchTheme": switchTo })
  })

/** `dir`: the user's theme folder; absent is the same as empty. */
export const ThemesLayer = (dir: string) => ThemeRpcs.toLayer(handlers(dir))
