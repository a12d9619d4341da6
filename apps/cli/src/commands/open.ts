import { Command, Options } from "@effect/cli"
import { Open } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../client.js"
import { failLine, setExit } from "../output.js"
import { renderOpened, renderStartFailure } from "../render/spawn.js"
import { jsonFlag, print, projectFlag, sender, SPAWN_TIMEOUT_MS } from "./shared.js"

const text = (name: string, description: string) =>
  Options.text(name).pipe(Options.withDescription(description), Options.withDefault(""))

const flags = {
  project: projectFlag,
  kind: text("kind", "what the session runs: claude, codex, antigravity, opencode, omp, crush, cursor, kiro or shell"),
  worktree: text("worktree", "the branch of a git worktree to open the session in (created when missing)"),
  base: text("base", "the branch a new --worktree branch starts from (default: the project's current branch)"),
  model: text("model", "the model the provider starts on, passed through unchecked"),
  effort: text("effort", "the reasoning effort the provider starts at, passed through unchecked"),
  ultracode: Options.boolean("ultracode").pipe(Options.withDescription("turn Claude Code's ultracode on")),
  folder: text("folder", "the sidebar folder to file the new session under"),
  json: jsonFlag
}

export const open = Command.make("open", flags, (f) =>
  Effect.gen(function* () {
    const opened = yield* call(
      "spawn",
      Open,
      {
        from: sender(),
        project: f.project,
        kind: f.kind,
        worktree: f.worktree,
        base: f.base,
        model: f.model,
        effort: f.effort,
        ultracode: f.ultracode,
        folder: f.folder
      },
      SPAWN_TIMEOUT_MS
    )
    yield* print(f.json, opened.session, () => renderOpened(opened))
    if (opened.startError !== "") {
      yield* failLine(renderStartFailure(opened))
      yield* setExit(1)
    }
  })
).pipe(Command.withDescription("Open a new session, start it, and print the two names it answers to."))
