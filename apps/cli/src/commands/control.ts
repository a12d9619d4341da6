/**
 * control and ask: driving a running Claude Code session from outside its terminal, through the
 * lich-plugin mod inside it. The words after the action are its value: a prompt takes them all, a
 * model or effort one at most (none goes back to the session's own), a slash command its name then
 * its arguments, abort none. Plain commands (spec.ts).
 */
import type { ControlAction } from "@lich/contract"
import { exitCodeFor } from "../exitCodes.js"
import { askJson, controlJson, renderAsk, renderControl } from "../render/mod.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"
import { WAIT_SLACK_MS } from "./budgets.js"
import { ended, usageEnding } from "./ending.js"
import { sender } from "./sender.js"

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
        ? usageEnding("prompt needs the text to send: lich control <session> prompt <text>")
        : { value: words.join(" "), args: "" }
    case "abort":
      return words.length > 0 ? usageEnding("abort takes no value: lich control <session> abort") : { value: "", args: "" }
    case "model":
    case "effort":
      return words.length > 1
        ? usageEnding(`${action} takes one value at most (none goes back to the session's own)`)
        : { value: words[0] ?? "", args: "" }
    case "command":
      return words.length === 0
        ? usageEnding("command needs the slash command's name: lich control <session> command <name> [<args>]")
        : { value: words[0]!, args: words.slice(1).join(" ") }
  }
}

export const control = async (f: Values): Promise<Ending> => {
  const action = ACTIONS.find((a) => a === f.arg("action").toLowerCase())
  if (action === undefined) return usageEnding(`unknown action "${f.arg("action")}" — one of ${ACTIONS.join(", ")}`)
  const v = controlValue(action, f.args("words"))
  if ("_tag" in v) return v
  const payload = { from: sender(), target: f.arg("session"), project: f.text("project"), action, value: v.value, args: v.args }
  const r = await callPlain("relay.Control", payload, CONTROL_BUDGET_MS)
  if (!r.ok) return ended(r, false, () => "")
  return {
    _tag: "out",
    text: f.flag("json") ? JSON.stringify(controlJson(r.value)) : renderControl(r.value),
    code: exitCodeFor(r.value.state)
  }
}

export const ask = async (f: Values): Promise<Ending> => {
  const payload = { from: sender(), target: f.arg("session"), project: f.text("project"), question: f.args("question").join(" ") }
  const r = await callPlain("relay.Ask", payload, ASK_BUDGET_MS)
  if (!r.ok || !f.flag("json")) return ended(r, false, renderAsk)
  return { _tag: "out", text: JSON.stringify(askJson(r.value)), code: 0 }
}
