/**
 * The relay's commands aimed at a session on another host (`--host <name>`, lich's own, beyond the
 * contract; docs/hosts.md): each the hosts group's procedure for that host, so a cross-host errand
 * prints and exits as a local one. These run on Effect, where the hot commands here do not: a host's
 * name is checked with the contract's HostName filter, which the hot commands' wire shapes cannot
 * express (wire/derive.ts), and a call over ssh is not where a cold start shows.
 */
import { HostPeers, HostSend, HostWait, Send, type SendPayload, Ticket } from "@lich/contract"
import { Effect } from "effect"
import { exitCodeFor } from "../exitCodes.js"
import { call } from "../layers.js"
import { json as printJson, setExit, stdout } from "../output.js"
import { renderResult, resultJson } from "../render/relay.js"
import { renderSessions } from "../render/sessions.js"
import type { Values } from "../spec.js"
import { waitBudgetMs } from "./budgets.js"
import { print, sender } from "./shared.js"

/**
 * A send to a session here, or with a host to one on that host's lich: either way the errand is this
 * lich's own, so its wait, inbox, nudge and exit code are the same.
 */
export const sendTo = (host: string, p: SendPayload) =>
  host === "" ? call("relay", Send, p, waitBudgetMs(p.timeout)) : call("hosts", HostSend, { host, ...p }, waitBudgetMs(p.timeout))

const printResult = (r: typeof HostSend.successSchema.Type, asJson: boolean) =>
  Effect.zipRight(asJson ? printJson(resultJson(r)) : stdout(renderResult(r, "cli", sender() !== "")), setExit(exitCodeFor(r.status)))

export const sessions = (v: Values) =>
  Effect.flatMap(call("hosts", HostPeers, { host: v.text("host"), from: sender() }), (peers) =>
    print(v.flag("json"), peers, renderSessions)
  )

export const send = (v: Values) =>
  Effect.flatMap(
    sendTo(v.text("host"), {
      from: sender(),
      target: v.arg("session"),
      project: v.text("project"),
      prompt: v.arg("prompt"),
      timeout: v.int("timeout"),
      private: v.flag("private")
    }),
    (r) => printResult(r, v.flag("json"))
  )

/** `wait <ticket> --host`: the ticket is this lich's own; its errand runs on the host. */
export const wait = (v: Values) =>
  Effect.flatMap(
    call(
      "hosts",
      HostWait,
      { host: v.text("host"), from: sender(), ticket: Ticket.make(v.arg("ticket")), timeout: v.int("timeout") },
      waitBudgetMs(v.int("timeout"))
    ),
    (r) => printResult(r, v.flag("json"))
  )
