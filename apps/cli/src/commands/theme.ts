/**
 * `lich theme [--json] list | switch <theme>`: the installed themes, and the one every window paints
 * with. Plain commands (spec.ts). `--json` is the group's flag and each subcommand's (parse.ts merges
 * them), given before or after the word.
 */
import { exitCodes } from "../exitCodes.js"
import { renderSwitched, renderThemes, themesJson } from "../render/theme.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"
import { ended } from "./ending.js"

export const list = async (f: Values): Promise<Ending> => {
  const c = await callPlain("system.Themes", {})
  if (!c.ok || !f.flag("json")) return ended(c, false, renderThemes)
  return { _tag: "out", text: JSON.stringify(themesJson(c.value)), code: exitCodes.answered }
}

export const switchTheme = async (f: Values): Promise<Ending> =>
  ended(await callPlain("system.SwitchTheme", { id: f.arg("theme") }), f.flag("json"), renderSwitched)
