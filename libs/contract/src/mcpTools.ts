/**
 * The MCP tools' inputs, each defined once. The JSON Schema a client shows the model (tools/list) is
 * generated from these schemas, and tools/call decodes its arguments with the same schemas, so a
 * field, a word list or a bound cannot say one thing in the listing and check another in the call.
 * Decoding yields the RPC payload's own field names (session → target, timeout_seconds → timeout).
 *
 * Decoding is lenient the way MCP clients need: models put numbers where strings go and strings where
 * booleans go, and a call refused over a type is a turn lost for nothing. A text field takes any
 * scalar, a flag is on only for true or "true", a timeout takes a number or a numeric string. What
 * stays strict is presence: a field left out (or null) is never read as an empty one, because for
 * several tools "" means something (take a session out of its folder). Each refusal is a message that
 * reads after the field's name ("session is required: …"), joined by `toolArgumentsMessage`.
 */
import { JSONSchema, Option, ParseResult, Schema, SchemaAST } from "effect"
import { MAX_ANSWER_BYTES, MAX_PROMPT_BYTES } from "./limits.js"
import {
  flag,
  given,
  host,
  named,
  needed,
  oneOfWords,
  optionalText,
  optionalTicket,
  ownTarget,
  project,
  spoken,
  target,
  text,
  timeoutSeconds
} from "./mcpFields.js"

export { MAX_TOOL_WAIT_SECONDS } from "./mcpFields.js"

import { ControlAction } from "./mod.js"
import { ClosePayload } from "./rpc.js"

export const ListSessionsInput = Schema.Struct({ host })

export const SendToSessionInput = Schema.Struct({
  target: target("name the session to hand the task to (list_sessions shows them)"),
  prompt: named(
    `The task, written for an agent that knows nothing of your conversation. At most ${MAX_PROMPT_BYTES} bytes.`,
    "the task to hand over"
  ),
  project,
  timeout: timeoutSeconds,
  private: flag(
    "Keep the errand to yourself: no note at the session's prompt, and only wait_for_answer with this ticket returns the result."
  ),
  host
})

export const WaitForAnswerInput = Schema.Struct({
  ticket: optionalTicket("The ticket a send or open_session handed back. Leave it out to collect everything ready."),
  timeout: timeoutSeconds,
  noWait: flag("Return at once with whatever is ready instead of waiting for the next result. Not with a ticket.").pipe(
    Schema.fromKey("no_wait")
  ),
  host
}).pipe(
  Schema.filter((w) =>
    w.ticket !== "" && w.noWait
      ? { path: ["no_wait"], message: "is for collecting without a ticket; to wait on one errand, leave no_wait out" }
      : w.ticket === "" && w.host !== ""
        ? { path: ["host"], message: "goes with a ticket; what sessions on a host answered you is collected without host" }
        : undefined
  )
)

export const ReplyToSessionInput = Schema.Struct({
  answer: named(
    `A concise report: what was done, where, and what is left. Not a transcript. At most ${MAX_ANSWER_BYTES / 1024} KiB.`,
    "the report to send back to whoever asked"
  ),
  ticket: optionalTicket("The ticket from the message that brought the task.")
})

export const OpenSessionInput = Schema.Struct({
  project: optionalText(
    "The project, by name, or the absolute path of a directory (opened as a project first). Defaults to your own project; required outside a session."
  ),
  kind: optionalText(
    "What the session runs: claude, codex, antigravity, opencode, omp, crush, cursor, kiro, or shell. Defaults to your own kind."
  ),
  worktree: optionalText("A branch to open the session in, as a git worktree of its own. An existing branch is checked out as it stands."),
  base: optionalText("The branch a new worktree branch starts from. Defaults to the project's current branch."),
  model: optionalText("The model the agent starts on, passed to it unchecked."),
  effort: optionalText("The reasoning effort the agent starts at, passed to it unchecked."),
  ultracode: flag("Turn on Claude Code's ultracode (Claude Code only)."),
  folder: optionalText("The sidebar folder to file the new session under."),
  prompt: optionalText(`A task to hand the new session as soon as its agent is up. At most ${MAX_PROMPT_BYTES} bytes.`),
  private: flag("Hand the task over privately, as send_to_session's private does. Needs prompt."),
  host
}).pipe(
  Schema.filter((o) =>
    o.private && o.prompt === ""
      ? {
          path: ["private"],
          message: "is about the task's hand-off, and this call carries no prompt — add the prompt, or leave private out"
        }
      : undefined
  )
)

/** keep or remove; left out, "" — the payload's word for "the session was not the checkout's last". */
const checkoutWords = ["keep", "remove"] as const
const CheckoutChoice = Schema.Literal(...checkoutWords).annotations({
  description: "For the checkout's last session only: keep the worktree, or remove it.",
  message: (issue) => ({ message: oneOfWords(checkoutWords, issue, true), override: true })
})

export const CloseSessionInput = Schema.Struct({
  target: target("name the session to close"),
  project,
  worktree: Schema.optionalToRequired(CheckoutChoice, ClosePayload.fields.worktree, {
    decode: Option.getOrElse(() => "" as const),
    encode: (w) => (w === "" ? Option.none() : Option.some(w))
  }),
  force: flag("Remove the worktree even though it holds uncommitted work.")
})

export const RenameSessionInput = Schema.Struct({
  label: named("The new name.", "the new name for the session"),
  target: ownTarget,
  project
})

const actions = ControlAction.literals
const actionList = spoken(actions).join(", ")
const Action = ControlAction.annotations({
  description: `${actions.slice(0, -1).join(", ")} or ${actions[actions.length - 1]}.`,
  message: (issue) => ({
    message:
      typeof issue.actual === "string" && issue.actual.trim() === ""
        ? `is empty: say what to do: ${actionList}`
        : oneOfWords(actions, issue, false),
    override: true
  })
})
/** The actions whose value is the whole command, and why a call without one is refused. */
const valueNeeded: Partial<Record<ControlAction, string>> = {
  prompt: "the prompt action needs the prompt's text",
  command: "the command action needs the slash command's name"
}

export const ControlSessionInput = Schema.Struct({
  target: target("name the session to control"),
  action: needed(Action, `say what to do: ${actionList}`),
  value: Schema.optional(
    text("The prompt's text, the model or effort (left out: back to the session's own), or the slash command's name.")
  ),
  args: optionalText("What follows the slash command's name (command only)."),
  project
}).pipe(
  Schema.filter((c) => {
    const why = valueNeeded[c.action]
    if (why === undefined) return undefined
    if (c.value === undefined) return { path: ["value"], message: `is required: ${why}` }
    return c.value.trim() === "" ? { path: ["value"], message: `is empty: ${why}` } : undefined
  })
)

export const AskSessionInput = Schema.Struct({
  target: target("name the session to ask"),
  question: named("The question.", "the question to ask"),
  project
})

export const ListWorktreesInput = Schema.Struct({ project })
export const ListFoldersInput = Schema.Struct({ project })

export const FileSessionInput = Schema.Struct({
  folder: given(
    'The folder\'s name, matched exactly; "" unfiles the session.',
    'name the folder to file the session under, or pass "" to take it out of its folder'
  ),
  target: ownTarget,
  project
})

export const RenameFolderInput = Schema.Struct({
  folder: given("The folder's current name, matched exactly.", "name the folder to rename"),
  to: given('The new name; "" takes the folder apart.', 'give the new name, or pass "" to take the folder apart'),
  project
})

export const ColorFolderInput = Schema.Struct({
  folder: given("The folder's name, matched exactly.", "name the folder to colour"),
  color: given('The colour; "" clears it.', 'give the colour, or pass "" to clear it'),
  project
})

/** list_errands (lich's own, beyond the contract): the caller's errands and the others in its project, read only. */
export const ListErrandsInput = Schema.Struct({
  session: optionalText("Only errands this session sent or was sent (its label or id). Leave it out for every session."),
  // A number or a numeric string, as models write them; anything not a positive number is the whole history.
  sinceMinutes: Schema.optionalWith(
    Schema.transform(Schema.Unknown.annotations({ jsonSchema: { type: "number" } }), Schema.Number, {
      strict: true,
      decode: (v) => {
        const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : 0
        return Number.isFinite(n) && n > 0 ? n : 0
      },
      encode: (n) => n
    }).annotations({ description: "Only errands sent within this many minutes. Leave it out (or 0) for the whole history." }),
    { default: () => 0 }
  ).pipe(Schema.fromKey("since_minutes")),
  openOnly: flag("true: only errands still open — what is still out.").pipe(Schema.fromKey("open_only")),
  project
})

/** The contract's fourteen tools (cli.md, `lich mcp`), in its order, each with its input; list_errands after them is lich's own. */
export const toolInputs = {
  list_sessions: ListSessionsInput,
  send_to_session: SendToSessionInput,
  wait_for_answer: WaitForAnswerInput,
  reply_to_session: ReplyToSessionInput,
  open_session: OpenSessionInput,
  close_session: CloseSessionInput,
  rename_session: RenameSessionInput,
  control_session: ControlSessionInput,
  ask_session: AskSessionInput,
  list_worktrees: ListWorktreesInput,
  list_folders: ListFoldersInput,
  file_session: FileSessionInput,
  rename_folder: RenameFolderInput,
  color_folder: ColorFolderInput,
  list_errands: ListErrandsInput
} as const
export type ToolName = keyof typeof toolInputs
export const toolNames = Object.keys(toolInputs) as ReadonlyArray<ToolName>

/** What tools/list carries as a tool's inputSchema. */
export interface ToolInputJsonSchema {
  readonly type: "object"
  readonly properties: Readonly<Record<string, JSONSchema.JsonSchema7>>
  readonly required?: ReadonlyArray<string>
}

/**
 * A tool input's JSON Schema in the plain shape every MCP client takes: an object with properties and,
 * when any, required. `$schema` and `additionalProperties: false` are dropped (extra fields are
 * ignored, not refused), and a schema that would need `$defs` (an identifier on a field) is a bug
 * here, not something to hand a client that may not resolve references.
 */
export const toolInputJsonSchema = (input: Schema.Schema.AnyNoContext): ToolInputJsonSchema => {
  const made: JSONSchema.JsonSchema7Root = JSONSchema.make(input)
  // Schema.Struct({}) lists as "any object or array"; a tool without parameters is an empty object.
  const empty = SchemaAST.isTypeLiteral(input.ast) && input.ast.propertySignatures.length === 0
  if (empty) return { type: "object", properties: {} }
  if (!("type" in made) || made.type !== "object" || made.$defs !== undefined) {
    throw new Error(`a tool input must list as a self-contained object, not ${JSON.stringify(made)}`)
  }
  return made.required.length === 0
    ? { type: "object", properties: made.properties }
    : { type: "object", properties: made.properties, required: made.required }
}

/** The one line a refused call reads: the first problem, after the name of the field it is about. */
export const toolArgumentsMessage = (error: ParseResult.ParseError): string => {
  const first = ParseResult.ArrayFormatter.formatErrorSync(error)[0]
  if (first === undefined) return "these arguments do not fit the tool"
  return first.path.length === 0 ? first.message : `${first.path.join(".")} ${first.message}`
}

/** A null is what a client sends for a field it means to leave out, so it decodes as left out. */
export const withoutNulls = (args: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined))
