import { Close, Rename } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { renderClosed, renderRenamed } from "../render/spawn.js"
import type { Values } from "../spec.js"
import { printed, SPAWN_TIMEOUT_MS, sender, sessionAnd } from "./shared.js"

export const close = (f: Values) =>
  printed(
    f.flag("json"),
    call(
      "spawn",
      Close,
      {
        from: sender(),
        target: f.arg("session"),
        project: f.text("project"),
        // parse.ts took only the choices the row names (keep, remove), or none.
        worktree: f.text("worktree") as "" | "keep" | "remove",
        force: f.flag("force")
      },
      SPAWN_TIMEOUT_MS
    ),
    renderClosed
  )

const renameAlone =
  "with one argument, rename names the session it runs in, and this is not a lich session — name the session: lich rename <session> <label>"

export const rename = (f: Values) =>
  Effect.flatMap(sessionAnd(f.args("words"), renameAlone), ({ target, word }) =>
    printed(f.flag("json"), call("spawn", Rename, { from: sender(), target, project: f.text("project"), label: word }), renderRenamed)
  )
