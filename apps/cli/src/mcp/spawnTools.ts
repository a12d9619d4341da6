/**
 * Sessions, checkouts and folders as tools: open (with the hand-off in the same call), close,
 * rename, list the worktrees and folders, file a session, rename or colour a folder. Each is one
 * spawn RPC and the CLI's words for its result.
 */

import type { Opened } from "@lich/contract"
import {
  Admit,
  Close,
  CloseSessionInput,
  ColorFolder,
  ColorFolderInput,
  File,
  FileSessionInput,
  Folders,
  HostOpen,
  ListFoldersInput,
  ListWorktreesInput,
  OPEN_PROMPT_WAIT_SECONDS,
  Open,
  OpenSessionInput,
  Rename,
  RenameFolder,
  RenameFolderInput,
  RenameSessionInput,
  Worktrees
} from "@lich/contract"
import { Effect } from "effect"
import { SPAWN_TIMEOUT_MS } from "../commands/budgets.js"
import { call, type LichClient } from "../layers.js"
import { renderClosed, renderOpened, renderRenamed, renderStartFailure } from "../render/spawn.js"
import { renderFiled, renderFolderPainted, renderFolderRenamed } from "../render/workspace.js"
import { Refusal } from "./args.js"
import { resultText, sendCall } from "./relayTools.js"
import { type Failure, ok, sender, type Tool, type ToolText, tool } from "./Tool.js"

/** The fixed hand-off wait of `open --prompt`: a worker opened a moment ago hands back a ticket, and the caller carries on. */
const HANDOFF_SECONDS = OPEN_PROMPT_WAIT_SECONDS

/**
 * For a tool whose session, left out, means the caller's own — which only a session has: outside one
 * the call is refused before anything reaches lich.
 */
const ownOrNamed =
  <A extends { readonly target: string }>(what: string, act: (a: A) => Effect.Effect<ToolText, Failure, LichClient>) =>
  (a: A) =>
    a.target === "" && sender() === ""
      ? Effect.fail(
          new Refusal({
            message: `this server is not running inside a lich session, so there is no session of your own to ${what} — name the session`
          })
        )
      : act(a)

/** The open, then the task: a task that did not reach the session is said, not failed — the open stands. */
const handOff = (opened: Opened, prompt: string, isPrivate: boolean, host: string): Effect.Effect<ToolText, never, LichClient> => {
  const s = opened.session
  const send = sendCall(host, { from: sender(), target: s.id, project: s.project, prompt, timeout: HANDOFF_SECONDS, private: isPrivate })
  return send.pipe(
    Effect.map((r) => {
      const outcome = resultText(r)
      return { text: `${renderOpened(opened)}\n${outcome.text}`, isError: false }
    }),
    Effect.catchAll((e) =>
      Effect.succeed(
        ok(
          `${renderOpened(opened)}\nThe session is open, but the task did not reach it: ${e.message} — hand it over with send_to_session (session "${s.label}"${host === "" ? "" : `, host "${host}"`}).`
        )
      )
    )
  )
}

const openSession = tool({
  name: "open_session",
  description:
    "Open a new session and start its agent. Give a worktree (a branch name) to work in a checkout of its own, and a prompt to hand it its task in the same call: the result then ends with the task's ticket, and you carry on — the [lich] note at your prompt says when to collect. Set folder to keep a batch of workers together, and private when you are a subagent or a workflow step.",
  input: OpenSessionInput,
  run: ({ prompt, private: isPrivate, host, ...open }) =>
    Effect.gen(function* () {
      // A task is new work: a project over its caps refuses it before a session opens for it.
      if (prompt !== "" && host === "") yield* call("system", Admit, { from: sender(), project: open.project, kind: open.kind })
      const p = { from: sender(), ...open }
      const opened = yield* host === ""
        ? call("spawn", Open, p, SPAWN_TIMEOUT_MS)
        : call("hosts", HostOpen, { host, ...p }, SPAWN_TIMEOUT_MS)
      if (opened.startError !== "") {
        const untold = prompt === "" ? "" : " The task was not handed over."
        return { text: `${renderOpened(opened)}\n${renderStartFailure(opened)}.${untold}`, isError: true }
      }
      return prompt === "" ? ok(renderOpened(opened)) : yield* handOff(opened, prompt, isPrivate, host)
    })
})

const closeSession = tool({
  name: "close_session",
  description:
    "Close a session. When it is the last session in its worktree, say what happens to the checkout: keep (the session is parked and resumes when that branch is opened again) or remove. force removes a checkout with uncommitted work, which is then lost.",
  input: CloseSessionInput,
  run: (close) => Effect.map(call("spawn", Close, { from: sender(), ...close }, SPAWN_TIMEOUT_MS), (closed) => ok(renderClosed(closed)))
})

const renameSession = tool({
  name: "rename_session",
  description:
    "Rename a session: the name on its card, which is also a name it is addressed by. Leave session out to rename your own. A name another session of that project holds is refused.",
  input: RenameSessionInput,
  run: ownOrNamed("rename", (rename) =>
    Effect.map(call("spawn", Rename, { from: sender(), ...rename }), (renamed) => ok(renderRenamed(renamed)))
  )
})

/** A list tool: the project's checkouts or folders, as the JSON the procedure answers. */
const listing = (
  name: string,
  description: string,
  input: typeof ListWorktreesInput,
  list: (project: string) => Effect.Effect<unknown, Failure, LichClient>
) => tool({ name, description, input, readOnly: true, run: ({ project }) => Effect.map(list(project), (l) => ok(JSON.stringify(l))) })

const listWorktrees = listing(
  "list_worktrees",
  "The project's git worktrees as a JSON array: name, path, dirty (uncommitted work) and the sessions open in each. The project's own directory is not listed.",
  ListWorktreesInput,
  (project) => call("spawn", Worktrees, { from: sender(), project })
)

const listFolders = listing(
  "list_folders",
  "The project's sidebar folders as a JSON array, in sidebar order, each with the sessions filed under it.",
  ListFoldersInput,
  (project) => call("spawn", Folders, { from: sender(), project })
)

const fileSession = tool({
  name: "file_session",
  description:
    'File a session under a sidebar folder (created when missing). folder "" takes the session out of its folder; the field itself is required. Leave session out to file your own.',
  input: FileSessionInput,
  run: ownOrNamed("file", (file) => Effect.map(call("spawn", File, { from: sender(), ...file }), (filed) => ok(renderFiled(filed))))
})

const renameFolder = tool({
  name: "rename_folder",
  description: 'Rename a sidebar folder. to "" takes the folder apart, leaving its sessions unfiled; the field itself is required.',
  input: RenameFolderInput,
  run: (rename) => Effect.map(call("spawn", RenameFolder, { from: sender(), ...rename }), (renamed) => ok(renderFolderRenamed(renamed)))
})

const colorFolder = tool({
  name: "color_folder",
  description: 'Set the colour of a sidebar folder. color "" clears it; the field itself is required.',
  input: ColorFolderInput,
  run: (paint) => Effect.map(call("spawn", ColorFolder, { from: sender(), ...paint }), (painted) => ok(renderFolderPainted(painted)))
})

export const sessionTools: ReadonlyArray<Tool> = [openSession, closeSession, renameSession]
export const listTools: ReadonlyArray<Tool> = [listWorktrees, listFolders]
export const folderTools: ReadonlyArray<Tool> = [fileSession, renameFolder, colorFolder]
