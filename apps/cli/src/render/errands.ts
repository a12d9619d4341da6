/**
 * `lich errands`' table and its JSON lines, and the text MCP's list_errands answers with: one row
 * per errand, oldest first — when it went out, its ticket, who asked whom, how it stands, how long
 * it took, what the target spent on it, and the prompt's first line. Pure.
 */
import type { ErrandList, ErrandRecord, ErrandSpend } from "@lich/contract"
import { oneLine } from "../safeText.js"

const pad = (n: number) => String(n).padStart(2, "0")

/** Local time, as the person reads their clock; the date too when it is not today. */
export const when = (at: number, now: number): string => {
  const d = new Date(at)
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  return new Date(now).toDateString() === d.toDateString()
    ? time
    : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`
}

/** 850 ms, 12 s, 4m05s, 2h10m. */
export const took = (ms: number): string => {
  if (ms < 1_000) return `${ms} ms`
  const s = Math.round(ms / 1_000)
  if (s < 60) return `${s} s`
  if (s < 3_600) return `${Math.floor(s / 60)}m${pad(s % 60)}s`
  return `${Math.floor(s / 3_600)}h${pad(Math.floor((s % 3_600) / 60))}m`
}

/** $0.42 priced, $0.00 unpriced (a lower bound), — when nothing was read (never handed over, or no ledger). */
export const spendText = (s: ErrandSpend | undefined): string =>
  s === undefined ? "—" : `$${s.costUsd.toFixed(2)} ${s.source === "" ? "unpriced" : s.source}`

export const senderOf = (r: ErrandRecord): string =>
  r.via === "session"
    ? r.senderLabel
    : r.via === "host"
      ? `${r.senderLabel} (another host)`
      : r.via === "window"
        ? "the window"
        : "the command line"

const row = (r: ErrandRecord, now: number): string =>
  [
    when(r.createdAt, now),
    r.ticket,
    oneLine(senderOf(r)),
    oneLine(r.targetLabel),
    r.status,
    r.status === "open" ? `${took(now - r.createdAt)} so far` : took(r.endedAt - r.createdAt),
    spendText(r.spend),
    r.private ? `(private, ${r.promptBytes} bytes)` : oneLine(r.promptHead)
  ].join("\t")

export const renderErrands = (l: ErrandList, now: number): string => {
  if (l.records.length === 0) return "No errands in this history."
  const head = ["sent", "ticket", "from", "to", "status", "took", "spend", "prompt"].join("\t")
  const cut = l.matched > l.records.length ? [`The oldest ${l.matched - l.records.length} of ${l.matched} are left out.`] : []
  return [head, ...l.records.map((r) => row(r, now)), ...cut].join("\n")
}

/** One JSON object per line, per errand: the record as the contract shapes it. */
export const errandJsonLines = (l: ErrandList): string => l.records.map((r) => JSON.stringify(r)).join("\n")
