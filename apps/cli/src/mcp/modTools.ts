/**
 * control_session and ask_session: `lich control` and `lich ask` as tools. Both reach a Claude Code
 * session through the lich-plugin mod polling inside it; the server decides who can take a command
 * and refuses everyone else with the reason. A control the session took but has not confirmed is a
 * result (delivered), not an error; a command the session never took was withdrawn and fails.
 */
import { Ask, Control, type ControlAction } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { renderAsk, renderControl } from "../render/mod.js"
import { nonEmptyText, optionalText, Refusal } from "./args.js"
import { input, oneOf, projectParam, sender, str, type Tool } from "./Tool.js"

const ACTIONS: ReadonlyArray<ControlAction> = ["prompt", "abort", "model", "effort", "command"]
/** The server waits 60 s at most for a slash command and 90 s for an answer; the call waits a little longer. */
const CONTROL_BUDGET_MS = 90_000
const ASK_BUDGET_MS = 120_000

const controlSession: Tool = {
  name: "control_session",
  description:
    "Experimental. Drive a running Claude Code session through the lich-plugin mod inside it: start a turn on a prompt, abort the running turn, switch its model or effort, or run a slash command. A command it took but has not confirmed yet is reported as delivered, not as a failure.",
  inputSchema: input(
    {
      session: str("The session: its label, its roster name, or its lich id."),
      action: oneOf(ACTIONS, "prompt, abort, model, effort or command."),
      value: str("The prompt's text, the model or effort (left out: back to the session's own), or the slash command's name."),
      args: str("What follows the slash command's name (command only)."),
      project: projectParam
    },
    ["session", "action"]
  ),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const name = yield* nonEmptyText(a, "session", "name the session to control")
      const raw = yield* nonEmptyText(a, "action", `say what to do: ${ACTIONS.join(", ")}`)
      const action = ACTIONS.find((x) => x === raw)
      if (action === undefined) return yield* new Refusal({ message: `action takes ${ACTIONS.join(", ")}, not "${raw}"` })
      const value = action === "prompt" ? yield* nonEmptyText(a, "value", "the prompt action needs the prompt's text")
        : action === "command" ? yield* nonEmptyText(a, "value", "the command action needs the slash command's name")
        : yield* optionalText(a, "value")
      const args = action === "command" ? yield* optionalText(a, "args") : ""
      const project = yield* optionalText(a, "project")
      const r = yield* call("relay", Control, { from: sender(), target: name, project, action, value, args }, CONTROL_BUDGET_MS)
      // Ended is the one outcome that is over without what was asked: the session is gone.
      return { text: renderControl(r), isError: r.state === "ended" }
    })
}

const askSession: Tool = {
  name: "ask_session",
  description:
    "Experimental. Ask a running Claude Code session a side question; it answers from its own conversation while its work goes on, and neither the question nor the answer enters that conversation. The answer is the result; anything else is an error.",
  inputSchema: input(
    {
      session: str("The session: its label, its roster name, or its lich id."),
      question: str("The question."),
      project: projectParam
    },
    ["session", "question"]
  ),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const name = yield* nonEmptyText(a, "session", "name the session to ask")
      const question = yield* nonEmptyText(a, "question", "the question to ask")
      const project = yield* optionalText(a, "project")
      const r = yield* call("relay", Ask, { from: sender(), target: name, project, question }, ASK_BUDGET_MS)
      return { text: renderAsk(r), isError: false }
    })
}

export const modTools: ReadonlyArray<Tool> = [controlSession, askSession]
