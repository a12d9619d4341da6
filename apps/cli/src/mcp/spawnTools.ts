/**
 * Sessions, checkouts and folders as tools: open (with the hand-off in the same call), close,
 * rename, list the worktrees and folders, file a session, rename or colour a folder. Each is one
 * spawn RPC and the CLI's words for its result.
 */
import { Close, ColorFolder, File, Folders, Open, Rename, RenameFolder, Send, Worktrees } from "@lich/contract"
import type { Opened } from "@lich/contract"
import { Effect } from "effect"
import { call, type LichClient } from "../layers.js"
import { renderClosed, renderOpened, renderRenamed, renderStartFailure } from "../render/spawn.js"
import { renderFiled, renderFolderPainted, renderFolderRenamed } from "../render/workspace.js"
import { flag, nonEmptyText, optionalChoice, optionalText, Refusal, requiredText } from "./args.js"
import { holdMs, resultText } from "./relayTools.js"
import { bool, input, ok, oneOf, projectParam, sender, str, type Tool, type ToolText } from "./Tool.js"

/** 60 s: opening or closing may run git (fetch, worktree add or remove). */
const SPAWN_TIMEOUT_MS = 60_000
/** 20 s, fixed: a worker opened a moment ago hands back a ticket, and the caller carries on. */
const HANDOFF_SECONDS = 20

const sessionParam = str("The session: its label, its roster name, or its lich id.")

/** Without a session name the tool means the caller's own, which only a session has. */
const ownSession = (target: string, what: string) =>
  target === "" && sender() === ""
    ? Effect.fail(new Refusal({ message: `this server is not running inside a lich session, so there is no session of your own to ${what} — name the session` }))
    : Effect.void

/** The open, then the task: a task that did not reach the session is said, not failed — the open stands. */
const handOff = (opened: Opened, prompt: string, isPrivate: boolean): Effect.Effect<ToolText, never, LichClient> => {
  const s = opened.session
  const send = call(
    "relay",
    Send,
    { from: sender(), target: s.id, project: s.project, prompt, timeout: HANDOFF_SECONDS, private: isPrivate },
    holdMs(HANDOFF_SECONDS)
  )
  return send.pipe(
    Effect.map((r) => {
      const outcome = resultText(r)
      return { text: `${renderOpened(opened)}\n${outcome.text}`, isError: false }
    }),
    Effect.catchAll((e) =>
      Effect.succeed(
        ok(
          `${renderOpened(opened)}\nThe session is open, but the task did not reach it: ${e.message} — hand it over with send_to_session (session "${s.label}").`
        )
      )
    )
  )
}

const openSession: Tool = {
  name: "open_session",
  description:
    "Open a new session and start its agent. Give a worktree (a branch name) to work in a checkout of its own, and a prompt to hand it its task in the same call: the result then ends with the task's ticket, and you carry on — the [lich] note at your prompt says when to collect. Set folder to keep a batch of workers together, and private when you are a subagent or a workflow step.",
  inputSchema: input({
    project: str(
      "The project, by name, or the absolute path of a directory (opened as a project first). Defaults to your own project; required outside a session."
    ),
    kind: str("What the session runs: claude, codex, antigravity, opencode, omp, crush, cursor, kiro, or shell. Defaults to your own kind."),
    worktree: str("A branch to open the session in, as a git worktree of its own. An existing branch is checked out as it stands."),
    base: str("The branch a new worktree branch starts from. Defaults to the project's current branch."),
    model: str("The model the agent starts on, passed to it unchecked."),
    effort: str("The reasoning effort the agent starts at, passed to it unchecked."),
    ultracode: bool("Turn on Claude Code's ultracode (Claude Code only)."),
    folder: str("The sidebar folder to file the new session under."),
    prompt: str("A task to hand the new session as soon as its agent is up. At most 8192 bytes."),
    private: bool("Hand the task over privately, as send_to_session's private does. Needs prompt.")
  }),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const prompt = yield* optionalText(a, "prompt")
      const isPrivate = flag(a, "private")
      if (isPrivate && prompt === "") {
        return yield* new Refusal({ message: "private is about the task's hand-off, and this call carries no prompt — add the prompt, or leave private out" })
      }
      const opened = yield* call(
        "spawn",
        Open,
        {
          from: sender(),
          project: yield* optionalText(a, "project"),
          kind: yield* optionalText(a, "kind"),
          worktree: yield* optionalText(a, "worktree"),
          base: yield* optionalText(a, "base"),
          model: yield* optionalText(a, "model"),
          effort: yield* optionalText(a, "effort"),
          ultracode: flag(a, "ultracode"),
          folder: yield* optionalText(a, "folder")
        },
        SPAWN_TIMEOUT_MS
      )
      if (opened.startError !== "") {
        const untold = prompt === "" ? "" : " The task was not handed over."
        return { text: `${renderOpened(opened)}\n${renderStartFailure(opened)}.${untold}`, isError: true }
      }
      return prompt === "" ? ok(renderOpened(opened)) : yield* handOff(opened, prompt, isPrivate)
    })
}

const closeSession: Tool = {
  name: "close_session",
  description:
    "Close a session. When it is the last session in its worktree, say what happens to the checkout: keep (the session is parked and resumes when that branch is opened again) or remove. force removes a checkout with uncommitted work, which is then lost.",
  inputSchema: input(
    {
      session: sessionParam,
      project: projectParam,
      worktree: oneOf(["keep", "remove"], "For the checkout's last session only: keep the worktree, or remove it."),
      force: bool("Remove the worktree even though it holds uncommitted work.")
    },
    ["session"]
  ),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const target = yield* nonEmptyText(a, "session", "name the session to close")
      const closed = yield* call(
        "spawn",
        Close,
        {
          from: sender(),
          target,
          project: yield* optionalText(a, "project"),
          worktree: yield* optionalChoice(a, "worktree", ["keep", "remove"] as const),
          force: flag(a, "force")
        },
        SPAWN_TIMEOUT_MS
      )
      return ok(renderClosed(closed))
    })
}

const renameSession: Tool = {
  name: "rename_session",
  description:
    "Rename a session: the name on its card, which is also a name it is addressed by. Leave session out to rename your own. A name another session of that project holds is refused.",
  inputSchema: input({ label: str("The new name."), session: sessionParam, project: projectParam }, ["label"]),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const label = yield* nonEmptyText(a, "label", "the new name for the session")
      const target = yield* optionalText(a, "session")
      yield* ownSession(target, "rename")
      const renamed = yield* call("spawn", Rename, { from: sender(), target, project: yield* optionalText(a, "project"), label })
      return ok(renderRenamed(renamed))
    })
}

const listWorktrees: Tool = {
  name: "list_worktrees",
  description:
    "The project's git worktrees as a JSON array: name, path, dirty (uncommitted work) and the sessions open in each. The project's own directory is not listed.",
  inputSchema: input({ project: projectParam }),
  readOnly: true,
  run: (a) =>
    Effect.gen(function* () {
      const list = yield* call("spawn", Worktrees, { from: sender(), project: yield* optionalText(a, "project") })
      return ok(JSON.stringify(list))
    })
}

const listFolders: Tool = {
  name: "list_folders",
  description: "The project's sidebar folders as a JSON array, in sidebar order, each with the sessions filed under it.",
  inputSchema: input({ project: projectParam }),
  readOnly: true,
  run: (a) =>
    Effect.gen(function* () {
      const list = yield* call("spawn", Folders, { from: sender(), project: yield* optionalText(a, "project") })
      return ok(JSON.stringify(list))
    })
}

const fileSession: Tool = {
  name: "file_session",
  description:
    'File a session under a sidebar folder (created when missing). folder "" takes the session out of its folder; the field itself is required. Leave session out to file your own.',
  inputSchema: input({ folder: str('The folder\'s name, matched exactly; "" unfiles the session.'), session: sessionParam, project: projectParam }, ["folder"]),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const folder = yield* requiredText(a, "folder", 'name the folder to file the session under, or pass "" to take it out of its folder')
      const target = yield* optionalText(a, "session")
      yield* ownSession(target, "file")
      const filed = yield* call("spawn", File, { from: sender(), target, project: yield* optionalText(a, "project"), folder })
      return ok(renderFiled(filed))
    })
}

const renameFolder: Tool = {
  name: "rename_folder",
  description: 'Rename a sidebar folder. to "" takes the folder apart, leaving its sessions unfiled; the field itself is required.',
  inputSchema: input(
    { folder: str("The folder's current name, matched exactly."), to: str('The new name; "" takes the folder apart.'), project: projectParam },
    ["folder", "to"]
  ),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const folder = yield* requiredText(a, "folder", "name the folder to rename")
      const to = yield* requiredText(a, "to", 'give the new name, or pass "" to take the folder apart')
      const renamed = yield* call("spawn", RenameFolder, { from: sender(), project: yield* optionalText(a, "project"), folder, to })
      return ok(renderFolderRenamed(renamed))
    })
}

const colorFolder: Tool = {
  name: "color_folder",
  description: 'Set the colour of a sidebar folder. color "" clears it; the field itself is required.',
  inputSchema: input(
    { folder: str("The folder's name, matched exactly."), color: str('The colour; "" clears it.'), project: projectParam },
    ["folder", "color"]
  ),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const folder = yield* requiredText(a, "folder", "name the folder to colour")
      const color = yield* requiredText(a, "color", 'give the colour, or pass "" to clear it')
      const painted = yield* call("spawn", ColorFolder, { from: sender(), project: yield* optionalText(a, "project"), folder, color })
      return ok(renderFolderPainted(painted))
    })
}

export const sessionTools: ReadonlyArray<Tool> = [openSession, closeSession, renameSession]
export const listTools: ReadonlyArray<Tool> = [listWorktrees, listFolders]
export const folderTools: ReadonlyArray<Tool> = [fileSession, renameFolder, colorFolder]
