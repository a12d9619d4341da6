/**
 * control_session and ask_session: `lich control` and `lich ask` as tools. Both reach a Claude Code
 * session through the lich-plugin mod polling inside it; the server decides who can take a command
 * and refuses everyone else with the reason. A control the session took but has not confirmed is a
 * result (delivered), not an error; a command the session never took was withdrawn and fails.
 */
import { Ask, AskSessionInput, Control, ControlSessionInput } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { renderAsk, renderControl } from "../render/mod.js"
import { sender, type Tool, tool } from "./Tool.js"

/** The server waits 60 s at most for a slash command and 90 s for an answer; the call waits a little longer. */
const CONTROL_BUDGET_MS = 90_000
const ASK_BUDGET_MS = 120_000

const controlSession = tool({
  name: "control_session",
  description:
    "Experimental. Drive a running Claude Code session through the lich-plugin mod inside it: start a turn on a prompt, abort the running turn, switch its model or effort, or run a slash command. A command it took but has not confirmed yet is reported as delivered, not as a failure.",
  input: ControlSessionInput,
  run: ({ value, args, ...control }) => {
    // args belongs to a slash command alone; a value left out means "back to the session's own".
    const payload = { from: sender(), ...control, value: value ?? "", args: control.action === "command" ? args : "" }
    return Effect.map(call("relay", Control, payload, CONTROL_BUDGET_MS), (r) => ({
      text: renderControl(r),
      // Ended is the one outcome that is over without what was asked: the session is gone.
      isError: r.state === "ended"
    }))
  }
})

const askSession = tool({
  name: "ask_session",
  description:
    "Experimental. Ask a running Claude Code session a side question; it answers from its own conversation while its work goes on, and neither the question nor the answer enters that conversation. The answer is the result; anything else is an error.",
  input: AskSessionInput,
  run: (ask) => Effect.map(call("relay", Ask, { from: sender(), ...ask }, ASK_BUDGET_MS), (r) => ({ text: renderAsk(r), isError: false }))
})

export const modTools: ReadonlyArray<Tool> = [controlSession, askSession]
