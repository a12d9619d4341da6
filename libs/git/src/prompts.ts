/**
 * The words lich hands an agent about its checkout: a review of line comments, a request to review
 * another session's diff, the radar's note, a rebase that would conflict, failing checks, a commit
 * message asked for. Pure, so each reads as it will be typed. Every one stays under the relay's
 * prompt cap: what is too long to paste (a diff, a log) is named as a file or cut, never dropped
 * without saying so.
 */
import { MAX_PROMPT_BYTES } from "@lich/contract"

export interface CommentForPrompt {
  readonly path: string
  readonly startLine: number
  readonly endLine: number
  readonly section: "committed" | "uncommitted"
  readonly side: "old" | "new"
  readonly quoted: string
  readonly text: string
}

/** 12 quoted lines a comment: enough to find the place; the line numbers say the rest. */
const QUOTE_LINES = 12

const range = (c: { startLine: number; endLine: number }) => (c.startLine === c.endLine ? `${c.startLine}` : `${c.startLine}-${c.endLine}`)

const quote = (q: string) => {
  const lines = q.split("\n")
  const shown = lines.slice(0, QUOTE_LINES).map((l) => `   > ${l}`)
  if (lines.length > QUOTE_LINES) shown.push(`   > … (${lines.length - QUOTE_LINES} more lines)`)
  return shown
}

export const reviewPrompt = (comments: ReadonlyArray<CommentForPrompt>): string => {
  const parts = [
    `Review of your changes: ${comments.length} comment${comments.length === 1 ? "" : "s"}. Each names the file and lines, quotes them, then says what to change.`,
    ""
  ]
  comments.forEach((c, i) => {
    const where = `${c.path}:${range(c)}${c.side === "old" ? " (the base's side)" : ""}${c.section === "committed" ? " (committed)" : ""}`
    parts.push(`${i + 1}. ${where}`, ...quote(c.quoted), `   ${c.text.split("\n").join("\n   ")}`, "")
  })
  parts.push("Address each comment, then reply with what you changed.")
  return parts.join("\n")
}

export const bytes = (s: string) => new TextEncoder().encode(s).length
export const fits = (s: string) => bytes(s) <= MAX_PROMPT_BYTES - 1024

export const askReviewPrompt = (r: {
  readonly author: string
  readonly branch: string
  readonly base: string
  readonly diffFile: string
  readonly dir: string
  readonly files: ReadonlyArray<string>
}) =>
  [
    `Please review the changes of session "${r.author}"${r.branch === "" ? "" : ` on branch ${r.branch}`}, against ${r.base}.`,
    `The whole diff is in ${r.diffFile} (the checkout is ${r.dir}). Files changed: ${r.files.slice(0, 40).join(", ")}${r.files.length > 40 ? `, and ${r.files.length - 40} more` : ""}.`,
    "",
    "Answer in exactly this form, one line per comment, with the changed file's line numbers:",
    "path/to/file.ts:12: what is wrong there and what to do",
    "path/to/file.ts:20-24: a comment on a range of lines",
    "then one line starting with Summary: and your overall verdict.",
    "Do not change any file yourself."
  ].join("\n")

export interface Parsed {
  readonly comments: ReadonlyArray<{ readonly path: string; readonly startLine: number; readonly endLine: number; readonly text: string }>
  readonly summary: string
}

/**
 * A reviewer's answer, read back: `path:line: text` and `path:a-b: text` lines naming a changed file
 * become comments; everything else is the summary. A path is matched whole against the files the
 * diff changed (list markers and backticks around it allowed), so prose with a colon stays prose.
 */
export const parseReviewAnswer = (answer: string, changed: ReadonlyArray<string>): Parsed => {
  const known = new Set(changed)
  const comments: Array<Parsed["comments"][number]> = []
  const rest: Array<string> = []
  for (const raw of answer.split("\n")) {
    const line = raw.trim().replace(/^(?:[-*•]\s+|\d+[.)]\s+)/, "")
    const m = /^`?(.+?)`?:(\d+)(?:-(\d+))?:\s*(.*)$/.exec(line)
    const path = m?.[1]?.replace(/^`|`$/g, "")
    if (m && path !== undefined && known.has(path) && m[4] !== "") {
      const start = Number(m[2])
      const end = m[3] === undefined ? start : Math.max(start, Number(m[3]))
      comments.push({ path, startLine: start, endLine: end, text: m[4]! })
    } else if (raw.trim() !== "") {
      rest.push(raw.trim())
    }
  }
  const summary = rest.join("\n").replace(/^Summary:\s*/im, "")
  return { comments, summary }
}

export const overlapNote = (o: { readonly other: string; readonly branch: string; readonly files: ReadonlyArray<string> }) =>
  [
    `Heads-up from lich's conflict radar: session "${o.other}"${o.branch === "" ? "" : ` (branch ${o.branch})`} is changing the same files as you:`,
    ...o.files.slice(0, 30).map((f) => `- ${f}`),
    ...(o.files.length > 30 ? [`- and ${o.files.length - 30} more`] : []),
    "",
    "Coordinate before landing (keep your changes to these files small, or agree who owns them), then reply with what you decided."
  ].join("\n")

export const conflictTask = (r: { readonly base: string; readonly branch: string; readonly files: ReadonlyArray<string> }) =>
  [
    `Rebase your branch${r.branch === "" ? "" : ` ${r.branch}`} onto ${r.base}. These files will conflict:`,
    ...r.files.map((f) => `- ${f}`),
    "",
    `Run: git rebase ${r.base} — resolve each conflict keeping both sides' intent, git add the files, git rebase --continue, and run the tests.`,
    "Never leave the rebase half-done: if you cannot finish it, run git rebase --abort. Reply with what you resolved and how."
  ].join("\n")

export const commitMessageAsk = (files: ReadonlyArray<string>) =>
  [
    "Write a commit message for the uncommitted changes in your checkout (do not commit them yourself: lich will).",
    `Files: ${files.slice(0, 40).join(", ")}${files.length > 40 ? `, and ${files.length - 40} more` : ""}.`,
    "Reply with the message only: a first line under 72 characters that says what and why, optionally a blank line and a body."
  ].join("\n")
