/**
 * control and ask: driving a running Claude Code session from outside its terminal, through the
 * lich-plugin mod inside it. The words after the action are its value: a prompt takes them all, a
 * model or effort one at most (none goes back to the session's own), a slash command its name then
 * its arguments, abort none.
 */
import { Ask, Control, type ControlAction } from "@lich/contract"
import { Effect } from "effect"
import { exitCodeFor } from "../exitCodes.js"
import { call } from "../layers.js"
import { json as printJson, setExit, stdout } from "../output.js"
import { askJson, controlJson, renderAsk, renderControl } from "../render/mod.js"
import type { Values } from "../spec.js"
import { Usage } from "../usage.js"
import { WAIT_SLACK_MS } from "./budgets.js"
import { sender } from "./shared.js"

const ACTIONS: ReadonlyArray<ControlAction> = ["prompt", "abort", "model", "effort", "command"]
/** 60 s: the longest a session is waited on to confirm (a slash command), plus the socket's slack. */
const CONTROL_BUDGET_MS = 60_000 + WAIT_SLACK_MS
/** 90 s: the longest an answer to a side question is waited for, plus the socket's slack. */
const ASK_BUDGET_MS = 90_000 + WAIT_SLACK_MS

/** The action's value and a slash command's arguments, from the words after the action. */
export const controlValue = (action: ControlAction, words: ReadonlyArray<string>) => {
  switch (action) {
    case "prompt":
      return words.length === 0
        ? new Usage({ message: "prompt needs the text to send: lich control <session> prompt <text>" })
        : { value: words.join(" "), args: "" }
    case "abort":
      return words.length > 0 ? new Usage({ message: "abort takes no value: lich control <session> abort" }) : { value: "", args: "" }
    case "model":
    case "effort":
      return words.length > 1
        ? new Usage({ message: `${action} takes one value at most (none goes back to the session's own)` })
        : { value: words[0] ?? "", args: "" }
    case "command":
      return words.length === 0
        ? new Usage({ message: "command needs the slash command's name: lich control <session> command <name> [<args>]" })
        : { value: words[0]!, args: words.slice(1).join(" ") }
  }
}

export const control = (f: Values) =>
  Effect.gen(function* () {
    const action = ACTIONS.find((a) => a === f.arg("action").toLowerCase())
    if (action === undefined) return yield* new Usage({ message: `unknown action "${f.arg("action")}" — one of ${ACTIONS.join(", ")}` })
    const v = controlValue(action, f.args("words"))
    if (v instanceof Usage) return yield* v
    const r = yield* call(
      "relay",
      Control,
      { from: sender(), target: f.arg("session"), project: f.text("project"), action, value: v.value, args: v.args },
      CONTROL_BUDGET_MS
    )
    yield* f.flag("json") ? printJson(controlJson(r)) : stdout(renderControl(r))
    yield* setExit(exitCodeFor(r.state))
  })

export const ask = (f: Values) =>
  Effect.gen(function* () {
    const r = yield* call(
      "relay",
      Ask,
      { from: sender(), target: f.arg("session"), project: f.text("project"), question: f.args("question").join(" ") },
      ASK_BUDGET_MS
    )
    yield* f.flag("json") ? printJson(askJson(r)) : stdout(renderAsk(r))
  })
