import { Args, Command, Options } from "@effect/cli"
import { Close, Rename } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { renderClosed, renderRenamed } from "../render/spawn.js"
import { Usage } from "../usage.js"
import { jsonFlag, print, projectFlag, sender, SPAWN_TIMEOUT_MS } from "./shared.js"

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
    Effect.flatMap(
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
      (closed) => print(f.json, closed, renderClosed)
    )
).pipe(Command.withDescription("Close a session and settle what happens to the checkout it was the last one in."))

export const rename = Command.make(
  "rename",
  {
    project: projectFlag,
    json: jsonFlag,
    words: Args.text({ name: "[session] label" }).pipe(Args.between(1, 2))
  },
  (f) =>
    Effect.gen(function* () {
      const [a, b] = f.words
      const target = b === undefined ? "" : a!
      const label = b === undefined ? a! : b
      if (target === "" && sender() === "") {
        return yield* new Usage({
          message: "with one argument, rename names the session it runs in, and this is not a lich session — name the session: lich rename <session> <label>"
        })
      }
      const renamed = yield* call("spawn", Rename, { from: sender(), target, project: f.project, label })
      yield* print(f.json, renamed, renderRenamed)
    })
).pipe(Command.withDescription("Rename a session: the name on its card, which is also the name it is addressed by."))
