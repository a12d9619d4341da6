/**
 * The turn-log rule: which state reports become a session's published state.
 *
 * `busy` (and `compacting`, which happens inside a turn or as one) opens a turn; `done` and `idle`
 * close it. `waiting` is ambiguous — Claude Code's Notification fires both for a permission prompt
 * mid-turn and for "still waiting for your input" at an idle prompt — so it is published only
 * inside an open turn and never moves the turn itself. Outside one it is swallowed: publishing it
 * would tell every caller that a free session is blocked on a human.
 *
 * A tool named by a `busy` report is held while the state stays `busy`: the report after a tool
 * finishes (PostToolUse) names none, and the card keeps saying what the turn last ran.
 *
 * Pure, so the rule is tested on its own; the Hooks service keeps one of these per session.
 */
import { Option } from "effect"
import type { SessionStateReport } from "./parse.js"

export interface Turn {
  readonly open: boolean
  readonly tool: string
  readonly detail: string
}

/** A session that has reported nothing, or whose last turn closed. */
export const noTurn: Turn = { open: false, tool: "", detail: "" }

export interface TurnStep {
  readonly turn: Turn
  /** What to publish, or none when the report is swallowed. */
  readonly published: Option.Option<SessionStateReport>
}

const publish = (turn: Turn, r: SessionStateReport): TurnStep => ({ turn, published: Option.some(r) })

export const stepTurn = (turn: Turn, r: SessionStateReport): TurnStep => {
  switch (r.state) {
    case "busy": {
      const held = r.tool !== "" ? { tool: r.tool, detail: r.detail } : { tool: turn.tool, detail: turn.detail }
      return publish({ open: true, ...held }, { ...r, ...held })
    }
    case "compacting":
      return publish({ open: true, tool: "", detail: "" }, r)
    case "waiting":
      return turn.open ? publish({ ...turn, tool: "", detail: "" }, r) : { turn, published: Option.none() }
    case "done":
    case "idle":
      return publish(noTurn, r)
  }
}
