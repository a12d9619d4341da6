/**
 * The words `control` and `ask` report in, on the command line and in the MCP tools alike. A control
 * that went through says what the session now does; one taken but unconfirmed gives its id and says
 * it still goes through; one whose session ended says so. An ask prints the answer alone.
 */
import type { AskResult, ControlResult } from "@lich/contract"

const done = (r: ControlResult): string => {
  const s = `"${r.label}"`
  switch (r.action) {
    case "prompt":
      return `${s} started a turn on the prompt.`
    case "abort":
      return `${s} stopped its running turn.`
    case "model":
      return r.value === undefined
        ? `${s} is back on its own model from its next request on.`
        : `${s} uses model "${r.value}" from its next request on.`
    case "effort":
      return r.value === undefined
        ? `${s} is back on its own effort from its next request on.`
        : `${s} runs at effort "${r.value}" from its next request on.`
    case "command":
      return `${s} ran /${(r.value ?? "").split(" ")[0]}.`
  }
}

export const renderControl = (r: ControlResult): string => {
  switch (r.state) {
    case "done":
      return done(r)
    case "delivered":
      return r.action === "command"
        ? `"${r.label}" took the command (id ${r.command_id}) and has not run it yet: a slash command runs once the session is idle. It still goes through.`
        : `"${r.label}" took the command (id ${r.command_id}) and has not confirmed it yet. It still goes through: a prompt sent to a busy session starts its turn when the current one ends.`
    case "ended":
      return `"${r.label}" ended before it confirmed the command (id ${r.command_id}).`
  }
}

/** The JSON line: the contract's keys, value absent when the action carried none. */
export const controlJson = (r: ControlResult) => ({
  id: r.id,
  project: r.project,
  label: r.label,
  action: r.action,
  ...(r.value === undefined ? {} : { value: r.value }),
  command_id: r.command_id,
  state: r.state
})

export const renderAsk = (r: AskResult): string => r.answer

export const askJson = (r: AskResult) => ({ id: r.id, project: r.project, label: r.label, answer: r.answer })
