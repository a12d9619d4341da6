/** close and rename: a session ended (its checkout settled) or named anew. Plain commands (spec.ts). */
import { renderClosed, renderRenamed } from "../render/spawn.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"
import { SPAWN_TIMEOUT_MS } from "./budgets.js"
import { ended } from "./ending.js"
import { isEnding, sender, sessionAnd } from "./sender.js"

export const close = async (f: Values): Promise<Ending> => {
  const payload = {
    from: sender(),
    target: f.arg("session"),
    project: f.text("project"),
    // parse.ts took only the choices the row names (keep, remove), or none.
    worktree: f.text("worktree") as "" | "keep" | "remove",
    force: f.flag("force")
  }
  return ended(await callPlain("spawn.Close", payload, SPAWN_TIMEOUT_MS), f.flag("json"), renderClosed)
}

const renameAlone =
  "with one argument, rename names the session it runs in, and this is not a lich session — name the session: lich rename <session> <label>"

export const rename = async (f: Values): Promise<Ending> => {
  const w = sessionAnd(f.args("words"), renameAlone)
  if (isEnding(w)) return w
  const payload = { from: sender(), target: w.target, project: f.text("project"), label: w.word }
  return ended(await callPlain("spawn.Rename", payload), f.flag("json"), renderRenamed)
}
