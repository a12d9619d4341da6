/**
 * The contract's bounds and vocabularies as plain values: sizes, the terminal grid, the card
 * palette, the session states and the one-line refusals a bound gives. This module imports nothing,
 * so the window can take these values without shipping any Schema code to the page; the schemas
 * built on them live in ids.ts and bounds.ts.
 *
 * Session states — one vocabulary, three views of it:
 * - `reportedStates`: what a session's hooks may report (`POST /hook`). `compacting` is one of them
 *   (Claude Code's mod brackets a compaction with it).
 * - `statusStates`: what `session-status` carries to windows: the reported states as reported, plus
 *   `interrupted`, which lich infers (an abort that stopped a turn) and never accepts inbound.
 * - `shownStates`: what the roster's state column and the card show: busy, done, waiting, or ""
 *   (nothing reported). The contract says the column "is the same thing its card shows", and lists
 *   no compacting: a compaction is the agent working mid-turn — a message sent now waits for it —
 *   so both show it as busy. idle and interrupted show as "" (nothing to say about the turn).
 */

/** 200 chars: long enough for a sentence-like card name, short enough for a sidebar row. */
export const MAX_LABEL_CHARS = 200
/** 8192 bytes: the relay's prompt cap — a terminal paste larger than this is a file to name, not paste. */
export const MAX_PROMPT_BYTES = 8192
/** 64 KiB: the answer / insert cap; anything larger belongs in a file whose path is sent instead. */
export const MAX_ANSWER_BYTES = 64 * 1024
/** Terminal grid bounds: below 20 columns no TUI draws, above 400 is a window no screen has. */
export const COLS = { min: 20, max: 400 } as const
/** Below 5 rows no TUI draws its prompt; above 200 is a runaway fit() in a window. */
export const ROWS = { min: 5, max: 200 } as const
/** 30 minutes: the longest a send/wait may hold the line. */
export const MAX_WAIT_SECONDS = 30 * 60
/** 100 s: under the 120 s an agent's shell tool typically allows one command. */
export const DEFAULT_WAIT_SECONDS = 100
/** 20 s, fixed: `open --prompt` (and `--subagent`) hands a session opened a moment ago its task; a ticket is expected. */
export const OPEN_PROMPT_WAIT_SECONDS = 20

/**
 * 1: the procedures two liches speak across an ssh link (libs/contract/src/rpcHosts.ts). A number,
 * not a version: builds of different releases that speak the same procedures work together, and a
 * change a far lich could not follow takes the next one. Here, in a module that imports nothing,
 * because `lich hosts hello` prints it on a path that evaluates no Schema.
 */
export const HOSTS_PROTOCOL = 1

/** The fixed card palette; a folder's colour is written onto each card in it. */
export const palette = ["red", "orange", "amber", "green", "teal", "blue", "violet", "pink"] as const
export type Color = (typeof palette)[number]
export const isColor = (s: string): s is Color => (palette as ReadonlyArray<string>).includes(s)

/** The states a hook may report. */
export const reportedStates = ["busy", "done", "waiting", "idle", "compacting"] as const
export type ReportedState = (typeof reportedStates)[number]
/** What `session-status` carries: the reported states, and lich's own `interrupted`. */
export const statusStates = [...reportedStates, "interrupted"] as const
export type StatusState = (typeof statusStates)[number]
/** What the roster and the card show; "" = nothing reported (not the same as idle). */
export const shownStates = ["busy", "done", "waiting", ""] as const
export type ShownState = (typeof shownStates)[number]
/** What a turn tracker reads: compacting is working, so it reads as busy. */
export type TurnState = Exclude<ReportedState, "compacting">

export const turnStateOf = (s: ReportedState): TurnState => (s === "compacting" ? "busy" : s)
/** The state the roster and the card show for what was last published (any string from the wire). */
export const shownStateOf = (s: string): ShownState =>
  s === "compacting" ? "busy" : s === "busy" || s === "done" || s === "waiting" ? s : ""

const encoder = new TextEncoder()
/** The UTF-8 size every byte bound is measured in. */
export const utf8Bytes = (s: string): number => encoder.encode(s).byteLength

/** The refusals a bound gives, one line each: the CLI prints them after `lich: `. */
/** 10,000: at most this many errand records come back from one call (the history's default bound too). */
export const MAX_ERRANDS_LISTED = 10_000

export const boundMessages = {
  emptyPrompt: "nothing to send: the prompt is empty",
  promptTooLong: (bytes: number | string, limit: number = MAX_PROMPT_BYTES) =>
    `prompt is ${bytes} bytes, over the ${limit} limit: name the paths to read instead of pasting their contents`,
  emptyAnswer: "nothing to reply: the answer is empty",
  answerTooLong: (bytes: number | string) =>
    `the answer is ${bytes} bytes, over the ${MAX_ANSWER_BYTES}-byte limit: write the details to a file and reply with its path`,
  emptyQuestion: "ask what? The question is empty",
  questionTooLong: (bytes: number | string) => `the question is ${bytes} bytes, over the ${MAX_PROMPT_BYTES}-byte limit`,
  emptyInsert: "nothing to insert: the text is empty",
  insertTooLong: (bytes: number | string) =>
    `the text is ${bytes} bytes, over the 64 KiB limit — insert the path of the file instead of its contents`
} as const

/** RelayResult.detail of a pending outcome whose target never reported its state: lich cannot say it works. */
export const UNREPORTED = "unreported"
/** The same, while the task is still held for that target's prompt: nothing was typed there yet. */
export const UNTYPED = "untyped"
/** RelayResult.detail of an outcome whose target's process ended on the errand. */
export const ENDED = "ended"
