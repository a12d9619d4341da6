/**
 * The server's own briefing, sent in initialize; clients put it in the agent's system prompt. It is
 * the one place the whole journey is told end to end — each tool's description only explains its own
 * door — so it says how to fan out, that waiting is lich's job and not the agent's, and how to answer.
 */
export const instructions = `lich runs coding agents side by side, each in a session of its own, and these tools connect you to the sessions beside you.

Splitting up work: for each piece that can go on in parallel, call open_session with a worktree (a branch name, so the worker edits a checkout of its own rather than yours) and a prompt carrying the task, written for an agent that has not seen your conversation. The call opens the worker, hands it the task, and returns a ticket within seconds. Open all the workers you need, then go on with your own part.

Do not poll. Never call list_sessions or wait_for_answer over and over to see whether a worker is done: when a result is ready, lich types a short line beginning with [lich] at your prompt. That line is your cue to call wait_for_answer with no ticket, which hands you every result that has come back, plus the sessions still working. To block on one errand instead, call wait_for_answer with its ticket; a call waits at most 90 seconds and can simply be repeated.

To hand a task to a session that already exists, use send_to_session; list_sessions shows who is there. If you are a subagent or a step of a workflow inside a session, pass private: true to send_to_session or open_session and wait on your own ticket, so the result comes back to you and not to the session around you.

Answering: a message typed at your prompt that says it comes from another session through lich carries a ticket. Do the task, then call reply_to_session with that ticket and a concise report of what was done, where, and what is left. That is the only route back to whoever asked; an answer given any other way never reaches them.

Close workers you no longer need with close_session, saying whether to keep or remove a worktree it was the last session in.`
