// The paragraph lich appends to the system prompt of the providers that take one (Claude Code and
// oh-my-pi). Its one job is to keep fan-out work visible: an agent left to itself starts its harness's
// own subagents, which the user cannot watch, steer or hand work to. It points at whichever route this
// spawn actually has — the tools, when the MCP server was registered, or the command line otherwise.

const opening =
  "You are running inside lich, which runs coding agents side by side in terminals the user can see. " +
  "When work should be split across agents, open it as a lich session rather than a subagent of your own harness: " +
  "each lich session gets its own card the user can watch and step into, and you can hand it a task and collect what it reports."

const withTools = "Use the lich tools in your tool list to open a session, send it a task and wait for its answer."

// oh-my-pi mounts MCP tools as xd:// devices by default rather than listing them (its tools.xdev).
const asDevices =
  "lich's tools are mounted as devices, xd://mcp__lich_<tool> (open_session, send_to_session, wait_for_answer, reply_to_session, …): " +
  "read one for its schema, and write its JSON arguments to it to call it. Use them to open a session, send it a task and wait for its answer."

// BRANCH in capitals and the task in single quotes: placeholders nobody mistakes for a real branch, and
// quoting that survives cmd.exe as well as a POSIX shell.
const withoutTools = "Use the lich command for it, for example: \"$LICH_BIN\" open --worktree BRANCH --prompt 'the task'"

/**
 * One paragraph. It ends with a newline on purpose: oh-my-pi reads a value without one as a file path
 * first and only falls back to the text when that read fails, so a newline sends it straight to the text.
 */
export const briefingText = (tools: boolean | "listed" | "devices"): string =>
  `${opening} ${tools === "devices" ? asDevices : tools === false ? withoutTools : withTools}\n`
