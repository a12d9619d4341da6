// The words the agent-cards mod writes for the agent (the Agent and TaskStop results, the context
// line the model reads after them, the reasons of a denied call) and the toasts it shows the
// person, by language. lich exports LICH_PROMPT_LANG into every session it starts; a language
// this catalogue has no entry for reads English, as an unset variable does.
//
// Each entry is a function of what the text names, so a translation can put the names where its
// grammar wants them. Every language must give every key English gives (a test checks).

const quoted = (name) => `"${name}"`

/** Where a worker is, as one clause: its own worktree and branch, or the asking session's checkout. */
const whereEn = (w) =>
  w.isolated
    ? `in a worktree of its own at ${w.path}${w.branch ? ` on branch ${w.branch}` : ""}`
    : `in this same checkout (${w.path}), so it edits the same files you do and nothing keeps your changes apart`

const en = {
  /** After an async_launched result: where the worker is, how its report comes, how to reach it. */
  launched: (w) =>
    `This agent runs as the lich session ${quoted(w.label)} (agentId ${quoted(w.name)}), a card the user can ` +
    `watch and steer, ${whereEn(w)}. Its report arrives on its own as a [lich] note at this prompt: there is ` +
    `nothing to collect, no output file to read, and no task notification will come from Claude Code. ` +
    `SendMessage cannot reach it; to tell it something, call the lich tool send_to_session or run ` +
    `"$LICH_BIN" send ${w.name} "<message>". TaskStop with task_id ${quoted(w.name)} stops it.`,
  /** After a completed result: the report is in hand; where the worker did its work. */
  completed: (w) =>
    w.isolated
      ? `This agent ran as the lich session ${quoted(w.label)} ${whereEn(w)}, which keeps its work and its card. ` +
        `The report above is its answer; to follow up, call the lich tool send_to_session or run ` +
        `"$LICH_BIN" send ${w.name} "<message>".`
      : `This agent ran as the lich session ${quoted(w.label)} ${whereEn(w)}. The report above is its whole answer.`,
  /** Denied: lich opened the card but the task never reached it. */
  neverReached: (w, status) =>
    `lich opened the session ${quoted(w.label)} for this agent, but the task never reached it (${status}), so no ` +
    `agent is working on it. Look at that card in lich, or run the work yourself.`,
  /** Denied: a delivery status this mod does not know. */
  unknownStatus: (w, status) =>
    `lich opened the session ${quoted(w.label)}${w.branch ? ` on branch ${w.branch}` : ""} for this agent and ` +
    `answered a delivery status this plugin does not know (${quoted(status)}). Check that card in lich before ` +
    `running the work again: it may already be doing it.`,
  /** Denied: lich open exited 0 but printed nothing this mod can read. */
  unreadable: () =>
    `lich took this agent's task but printed nothing readable about the session it opened. Run ` +
    `"$LICH_BIN" sessions to find it before running the work again: it may already be doing it.`,
  /** Denied: Esc while lich was opening the card. */
  interrupted: (w) =>
    `Interrupted while lich was opening ${w ? `the session ${quoted(w.label)}` : "a session"} for this agent. ` +
    `lich may already have handed it the task, so no agent was started here; a report that worker sends ` +
    `still arrives as a [lich] note.`,
  /** What agent.spawn is denied with: the Agent call's own answer replaces it. */
  spawnTaken: () => "lich runs this agent as a session of its own (agent cards).",
  /** TaskStop of a worker in this checkout: its card was closed. */
  closed: (w) => `Stopped the lich session ${quoted(w.label)} (${w.name}): lich closed its card.`,
  /** TaskStop of an isolated worker: its turn was stopped, its card and worktree left. */
  aborted: (w) =>
    `Stopped the turn of the lich session ${quoted(w.label)} (${w.name}). Its card and its worktree at ` +
    `${w.path} stay in lich for the user.`,
  /** TaskStop that lich refused. */
  stopRefused: (w, reason) => `lich could not stop the session ${quoted(w.label)}: ${reason}`,
  /** Toast: a worker whose cards are off runs its subagents inside Claude Code. */
  toastNative: () => "lich: this session is a lich worker, so lich keeps its subagents inside Claude Code.",
  /** Toast: the task is over lich's limit. */
  toastTooLong: (bytes, limit) =>
    `lich: this agent's task is ${bytes} bytes, over lich's ${limit}-byte limit; it runs inside Claude Code instead.`,
  /** Toast: lich open failed. */
  toastOpenFailed: (reason, label) =>
    `lich could not run this agent as a card${label ? ` (session ${quoted(label)} was opened)` : ""}: ${reason}. ` +
    `It runs inside Claude Code instead.`
}

const catalogue = { en }

/** The texts for LICH_PROMPT_LANG (`en`, `en-US`, `en_GB` all read `en`); English when unknown. */
export const promptText = (lang) => {
  const primary = typeof lang === "string" ? lang.trim().toLowerCase().split(/[-_.]/)[0] : ""
  return Object.hasOwn(catalogue, primary) ? catalogue[primary] : en
}

/** Every language the catalogue holds, by its code (for the test that each is complete). */
export const languages = () => Object.keys(catalogue)
