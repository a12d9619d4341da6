/**
 * control_session and ask_session reach a Claude Code session through the lich-plugin mod inside it.
 * No mod polls this lich yet, so every session is refused — but each for its real reason, and only
 * after it is found: an unknown name gets the same not-found answer every other tool gives, and the
 * refusal names what would have to change for the call to work.
 */
import { Peers, Whoami } from "@lich/contract"
import type { Peer } from "@lich/contract"
import { NotFound } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../client.js"
import { nonEmptyText, optionalText, Refusal } from "./args.js"
import { input, oneOf, projectParam, sender, str, type Tool } from "./Tool.js"

const ACTIONS = ["prompt", "abort", "model", "effort", "command"] as const

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** "lich" or "/abs/path": a project by name, or by its directory or the session's. */
const inProject = (p: Peer, project: string) =>
  project === "" || (project.startsWith("/") ? p.projectPath === project || p.path === project : same(p.project, project))

/** The same order every lookup uses: lich id, then label, then roster name, case-insensitively. */
export const findPeer = (peers: ReadonlyArray<Peer>, name: string, project: string): Peer | ReadonlyArray<Peer> => {
  const scoped = peers.filter((p) => inProject(p, project))
  const byId = scoped.filter((p) => p.id === name)
  const byLabel = scoped.filter((p) => same(p.label, name))
  const hits = byId.length > 0 ? byId : byLabel.length > 0 ? byLabel : scoped.filter((p) => same(p.name, name))
  return hits.length === 1 ? hits[0]! : hits
}

const notFound = (name: string, project: string, peers: ReadonlyArray<Peer>) => {
  const where = project === "" ? "" : ` in project "${project}"`
  const live = peers.length === 0 ? "No other session is live." : `Live sessions: ${peers.map((p) => `"${p.label}" (${p.name})`).join(", ")}.`
  return new NotFound({ what: "session", name, message: `no live session named "${name}"${where}. ${live}` })
}

/** Finds the session, telling "that is you" apart from "no such session" (the roster leaves the caller out). */
const resolve = (name: string, project: string, verb: string) =>
  Effect.gen(function* () {
    const peers = yield* call("relay", Peers, { from: sender() })
    const found = findPeer(peers, name, project)
    if (!Array.isArray(found)) return found as Peer
    if (found.length > 1) {
      return yield* new Refusal({
        message: `"${name}" names ${found.length} live sessions (${found.map((p) => p.project).join(", ")}) — pass project to say which`
      })
    }
    if (sender() !== "") {
      const me = yield* call("relay", Whoami, { from: sender() }).pipe(Effect.option)
      if (me._tag === "Some" && findPeer([me.value], name, project) === me.value) {
        return yield* new Refusal({ message: `"${me.value.label}" is this session, and a session cannot ${verb} itself` })
      }
    }
    return yield* notFound(name, project, peers)
  })

/**
 * Why the session cannot take this. A Claude Code session could, once lich-plugin's mod polls in it;
 * any other agent has nothing inside it that lich could hand a command to.
 */
export const modRefusal = (p: Peer): Refusal =>
  new Refusal({
    message:
      p.kind === "claude"
        ? `"${p.label}" cannot take commands: no lich-plugin mod is polling inside it. This needs Claude Code 2.1.280 or later running lich-plugin 0.15.0 or later in a trusted folder — install or update the plugin (Settings › lich plugin), then restart the session.`
        : `"${p.label}" runs ${p.kind}, which has nothing inside it lich could hand a command to: only a Claude Code session with the lich-plugin mod takes these.`
  })

const controlSession: Tool = {
  name: "control_session",
  description:
    "Experimental. Drive a running Claude Code session through the lich-plugin mod inside it: start a turn on a prompt, abort the running turn, switch its model or effort, or run a slash command. A command it took but has not confirmed yet is reported as delivered, not as a failure.",
  inputSchema: input(
    {
      session: str("The session: its label, its roster name, or its lich id."),
      action: oneOf(ACTIONS, "prompt, abort, model, effort or command."),
      value: str("The prompt's text, the model or effort (left out: back to the session's own), or the slash command's name."),
      args: str("What follows the slash command's name (command only)."),
      project: projectParam
    },
    ["session", "action"]
  ),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const name = yield* nonEmptyText(a, "session", "name the session to control")
      const action = yield* nonEmptyText(a, "action", `say what to do: ${ACTIONS.join(", ")}`)
      if (!(ACTIONS as ReadonlyArray<string>).includes(action)) {
        return yield* new Refusal({ message: `action takes ${ACTIONS.join(", ")}, not "${action}"` })
      }
      if (action === "prompt") yield* nonEmptyText(a, "value", "the prompt action needs the prompt's text")
      if (action === "command") yield* nonEmptyText(a, "value", "the command action needs the slash command's name")
      const peer = yield* resolve(name, yield* optionalText(a, "project"), "control")
      return yield* modRefusal(peer)
    })
}

const askSession: Tool = {
  name: "ask_session",
  description:
    "Experimental. Ask a running Claude Code session a side question; it answers from its own conversation while its work goes on, and neither the question nor the answer enters that conversation. The answer is the result; anything else is an error.",
  inputSchema: input(
    {
      session: str("The session: its label, its roster name, or its lich id."),
      question: str("The question."),
      project: projectParam
    },
    ["session", "question"]
  ),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const name = yield* nonEmptyText(a, "session", "name the session to ask")
      yield* nonEmptyText(a, "question", "the question to ask")
      const peer = yield* resolve(name, yield* optionalText(a, "project"), "ask")
      return yield* modRefusal(peer)
    })
}

export const modTools: ReadonlyArray<Tool> = [controlSession, askSession]
