// What agent-cards hands `lich open` and what it makes of the answer, as pure functions: the
// isolated worker's branch name, the argv, the one JSON line `lich open --json` prints, and the
// Agent tool result each delivery status becomes (docs/hooks/agent-cards.md).

/** lich's limit on a task's size (a prompt over it is refused before anything opens), in UTF-8 bytes. */
export const PROMPT_LIMIT_BYTES = 8192

/** The prefix of every branch this mod names: only it opens branches there. */
export const BRANCH_PREFIX = "subagent/"

/** The slug's bounds: what lich's own worktree dialog makes of a typed name (2 to 5 words, 10 to 40
 * characters): long enough to say what the work is, short enough to read in a branch list. */
const SLUG_MAX_WORDS = 5
const SLUG_MIN_CHARS = 10
const SLUG_MAX_CHARS = 40

/** Letters and digits in any script; a mark (a vowel sign, an accent) belongs to the word it follows. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu

/** The length of `text` in UTF-8 bytes, counted without TextEncoder (not every host has one). */
export const utf8Bytes = (text) => {
  let bytes = 0
  for (const ch of text) {
    const cp = ch.codePointAt(0)
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
  }
  return bytes
}

const points = (text) => Array.from(text).length

/**
 * The description slugged: its words lowercased and joined by `-`, 2 to 5 of them and 10 to 40
 * characters where the description allows (words are added past 5 while the slug is under 10
 * characters, and never past 40), a first word longer than 40 cut; `agent` when nothing is left.
 */
export const slugOf = (description) => {
  const words = (typeof description === "string" ? description.toLowerCase().match(WORD) : null) ?? []
  let slug = ""
  let count = 0
  for (const word of words) {
    const next = slug === "" ? word : `${slug}-${word}`
    if (count >= SLUG_MAX_WORDS && points(slug) >= SLUG_MIN_CHARS) break
    if (points(next) > SLUG_MAX_CHARS) {
      if (slug === "") slug = Array.from(word).slice(0, SLUG_MAX_CHARS).join("")
      break
    }
    slug = next
    count += 1
  }
  return slug === "" ? "agent" : slug
}

/** The last four letters or digits of the call's id, which keep two calls off one branch. */
export const idSuffix = (toolUseId) => (String(toolUseId ?? "").match(/[A-Za-z0-9]/g) ?? []).slice(-4).join("")

/** `subagent/<slug>-<suffix>`: the branch an isolated worker gets. */
export const branchName = (description, toolUseId) => {
  const suffix = idSuffix(toolUseId)
  return `${BRANCH_PREFIX}${slugOf(description)}${suffix === "" ? "" : `-${suffix}`}`
}

/** The asking session's branch from `git branch --show-current`, or undefined (detached, no git). */
export const branchFrom = (run) => {
  if (run?.exitCode !== 0) return undefined
  const branch = String(run.stdout ?? "").trim()
  return branch === "" || /\s/.test(branch) ? undefined : branch
}

/** `lich open --kind claude --subagent …`: the worktree and base only for an isolated call. */
export const openArgv = (bin, { prompt, branch, base, model }) => [
  bin,
  "open",
  "--kind",
  "claude",
  "--subagent",
  ...(branch === undefined ? [] : ["--worktree", branch, ...(base === undefined ? [] : ["--base", base])]),
  ...(model === undefined ? [] : ["--model", model]),
  "--prompt",
  prompt,
  "--json"
]

/** The one JSON object `lich open --json` printed (its last non-blank line), or undefined. */
export const parseOpened = (stdout) => {
  const lines = String(stdout ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
  try {
    const value = JSON.parse(lines[lines.length - 1] ?? "")
    return value && typeof value === "object" && !Array.isArray(value) && typeof value.name === "string" ? value : undefined
  } catch {
    return undefined
  }
}

/** The `lich: …` line a failed command left on stderr (its last one), or a fallback. */
export const reasonLine = (run, fallback) => {
  const lines = String(run?.stderr ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
  const lich = lines.filter((line) => line.startsWith("lich: "))
  const line = lich[lich.length - 1] ?? lines[lines.length - 1]
  return line === undefined ? fallback : line.replace(/^lich: /, "")
}

/** The counts a completed result carries: zero, since they are the worker's session's, not this one's. */
const ZERO_USAGE = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  server_tool_use: null,
  service_tier: null,
  cache_creation: null
}

/** The Agent tool's async_launched arm: no output file (""), agentId the worker's roster name. */
export const launchedResult = (worker, call) => ({
  status: "async_launched",
  agentId: worker.name,
  description: call.description,
  prompt: call.prompt,
  outputFile: ""
})

/** The Agent tool's completed arm: the report, then the checkout (and branch) for an isolated call. */
export const completedResult = (worker, call, answer, durationMs) => ({
  status: "completed",
  agentId: worker.name,
  agentType: "general-purpose",
  content: [{ type: "text", text: answer }],
  totalToolUseCount: 0,
  totalDurationMs: durationMs,
  totalTokens: 0,
  usage: ZERO_USAGE,
  prompt: call.prompt,
  ...(worker.isolated ? { worktreePath: worker.path, ...(worker.branch ? { worktreeBranch: worker.branch } : {}) } : {})
})

/**
 * What the Agent call answers for a delivery lich open printed: `{ answer, counts }`, where
 * `answer` is the tool.call result and `counts` says whether the worker still runs (the footer).
 */
export const deliveryAnswer = (text, worker, call, delivery, durationMs) => {
  const status = typeof delivery?.status === "string" ? delivery.status : ""
  if (status === "pending" || status === "unanswered")
    return { answer: { result: launchedResult(worker, call), context: [text.launched(worker)] }, counts: true }
  if (status === "answered") {
    const report = typeof delivery.answer === "string" ? delivery.answer : ""
    return { answer: { result: completedResult(worker, call, report, durationMs), context: [text.completed(worker)] }, counts: false }
  }
  if (status === "unread" || status === "undelivered") return { answer: { deny: text.neverReached(worker, status) }, counts: false }
  return { answer: { deny: text.unknownStatus(worker, status) }, counts: false }
}
