/** `lich theme [--json] list | switch <theme>`: the installed themes, and the one every window paints with. */
import { Args, Command } from "@effect/cli"
import { SwitchTheme, Themes } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { json as printJson } from "../output.js"
import { renderSwitched, renderThemes, themesJson } from "../render/theme.js"
import { jsonFlag, print } from "./shared.js"

const parent = Command.make("theme", { json: jsonFlag })

const list = Command.make("list", { json: jsonFlag }, (f) =>
  Effect.gen(function* () {
    const asJson = f.json || (yield* parent).json
    const themes = yield* call("system", Themes, {})
    yield* asJson ? printJson(themesJson(themes)) : print(false, themes, renderThemes)
  })
).pipe(Command.withDescription("List the installed themes, system first, with each one's scheme and the one in use marked."))

const switchTheme = Command.make(
  "switch",
  { json: jsonFlag, theme: Args.text({ name: "theme" }).pipe(Args.withDescription("a theme's id, or system")) },
  (f) =>
    Effect.gen(function* () {
      const asJson = f.json || (yield* parent).json
      const switched = yield* call("system", SwitchTheme, { id: f.theme })
      yield* print(asJson, switched, renderSwitched)
    })
).pipe(Command.withDescription("Make a theme the one in use; every open window repaints at once."))

export const theme = parent.pipe(
  Command.withSubcommands([list, switchTheme]),
  Command.withDescription("List the installed themes, or switch the one in use.")
)
