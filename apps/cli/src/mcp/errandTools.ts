/**
 * list_errands (lich's own, beyond the contract's fourteen): the relay's timeline for an agent that
 * coordinates others — what it sent, what is still out, how each ended — so it need not keep its own
 * list. Read only (readOnlyHint). Private errands come without their words, as everywhere.
 */
import { Errands, ListErrandsInput, MAX_ERRANDS_LISTED } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { ok, sender, type Tool, tool } from "./Tool.js"

/** 200: the newest errands a call answers with; an agent's context is no place for a week's history. */
export const MCP_ERRANDS = 200

const listErrands = tool({
  name: "list_errands",
  description:
    "The relay's errands as a JSON array, oldest first: each with its ticket, sender and target labels, status (open while it runs, else how it ended: answered, unread, undelivered, unanswered, stopped, expired), createdAt and endedAt (ms since the epoch), steps (each with at, step and detail: sent, held and why, handed, started, ended, collected, nudged), promptHead and the target's spend. open_only: what is still out. Reading it changes nothing.",
  input: ListErrandsInput,
  readOnly: true,
  run: ({ session, sinceMinutes, openOnly, project }) =>
    Effect.map(
      call("relay", Errands, { from: sender(), project, session, sinceMs: sinceMinutes * 60_000, limit: MAX_ERRANDS_LISTED }),
      (l) => {
        const picked = openOnly ? l.records.filter((r) => r.status === "open") : l.records
        return ok(JSON.stringify(picked.slice(-MCP_ERRANDS)))
      }
    )
})

export const errandTools: ReadonlyArray<Tool> = [listErrands]
