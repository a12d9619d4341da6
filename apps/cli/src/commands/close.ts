import { Args, Command, Options } from "@effect/cli"
import { Close, Rename } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { renderClosed, renderRenamed } from "../render/spawn.js"
import { jsonFlag, printed, projectFlag, SPAWN_TIMEOUT_MS, sender, sessionAnd, sessionWordArgs } from "./shared.js"

export const close = Command.make(
  "close",
  {
    project: projectFlag,
    worktree: Options.choice("worktree", ["keep", "remove"]).pipe(
      Options.withDescription("what happens to the checkout when this is its last session: keep it (and park the session) or remove it"),
      Options.optional
    ),
    force: Options.boolean("force").pipe(Options.withDescription("remove a checkout even with uncommitted work")),
    json: jsonFlag,
    session: Args.text({ name: "session" }).pipe(Args.withDescription("label, roster name or lich id"))
  },
  (f) =>
    printed(
      f.json,
      call(
        "spawn",
        Close,
        {
          from: sender(),
          target: f.session,
          project: f.project,
          worktree: f.worktree._tag === "Some" ? f.worktree.value : "",
          force: f.force
        },
        SPAWN_TIMEOUT_MS
      ),
      renderClosed
    )
).pipe(Command.withDescription("Close a session and settle what happens to the checkout it was the last one in."))

const renameAlone =
  "with one argument, rename names the session it runs in, and this is not a lich session — name the session: lich rename <session> <label>"

export const rename = Command.make("rename", sessionWordArgs("label"), (f) =>
  Effect.flatMap(sessionAnd(f.words, renameAlone), ({ target, word }) =>
    printed(f.json, call("spawn", Rename, { from: sender(), target, project: f.project, label: word }), renderRenamed)
  )
).pipe(Command.withDescription("Rename a session: the name on its card, which is also the name it is addressed by."))
