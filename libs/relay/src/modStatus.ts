/**
 * `GET /mod/status`: the relay as it concerns one session, for the footer line the lich-plugin mod
 * draws — what it owes, what it sent that is still out, what has come back for it. Read-only: looking
 * never drains an inbox or moves a clock. Private errands are left out on both sides: they belong to
 * a step inside the session, not to the session the footer speaks for.
 */
import type { ModStatus } from "@lich/contract"
import type { Core } from "./core.js"
import { openErrandsAt, openErrandsFrom, publicEntries } from "./state.js"

/** 80 characters: the opening of a task, enough to recognise it on a footer line. */
const ASKED_CHARS = 80

export const modStatus = (core: Core, sessionId: string) =>
  core.locked(
    (s): ModStatus => ({
      owed: openErrandsAt(s, sessionId)
        .filter((e) => e.entered && !e.private)
        .map((e) => ({
          ticket: e.ticket,
          from: e.senderLabel,
          asked: [...(e.prompt.split("\n")[0] ?? "")].slice(0, ASKED_CHARS).join("")
        })),
      open: openErrandsFrom(s, sessionId)
        .filter((e) => !e.private)
        .map((e) => ({
          ticket: e.ticket,
          target: e.targetLabel,
          state: s.waiting.has(e.targetId) ? "waiting" : (s.turn.get(e.targetId) ?? "")
        })),
      ready: publicEntries(s, sessionId).map((x) => ({ ticket: x.ticket, target: x.target, status: x.status }))
    })
  )
