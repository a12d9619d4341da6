/** `lich theme [--json] list | switch <theme>`: the installed themes, and the one every window paints with. */
import { SwitchTheme, Themes } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { json as printJson } from "../output.js"
import { renderSwitched, renderThemes, themesJson } from "../render/theme.js"
import type { Values } from "../spec.js"
import { print } from "./shared.js"

// `--json` is the group's flag and each subcommand's (parse.ts merges them), given before or after the word.

export const list = (f: Values) =>
  Effect.gen(function* () {
    const themes = yield* call("system", Themes, {})
    yield* f.flag("json") ? printJson(themesJson(themes)) : print(false, themes, renderThemes)
  })

export const switchTheme = (f: Values) =>
  Effect.flatMap(call("system", SwitchTheme, { id: f.arg("theme") }), (switched) => print(f.flag("json"), switched, renderSwitched))
