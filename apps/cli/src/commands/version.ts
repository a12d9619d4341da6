/**
 * version and quit: what this build is and what runs, and ending it. Plain commands (spec.ts
 * `plain`): no Effect. The version itself is cliVersion.ts's.
 */
import * as net from "node:net"
import { coordinates } from "@lich/singleton"
import { cliVersion } from "../cliVersion.js"
import { exitCodes } from "../exitCodes.js"
import { NO_LICH } from "../reach.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"

/** 2 s: a lich that has not answered by then is left out — no server is a normal state here. */
const SERVER_VERSION_TIMEOUT_MS = 2_000

export const version = async (v: Values): Promise<Ending> => {
  const info = await callPlain("system.Info", {}, SERVER_VERSION_TIMEOUT_MS)
  const server = info.ok ? info.value.version : undefined
  const text = v.flag("json")
    ? JSON.stringify(server !== undefined ? { cli: cliVersion(), server } : { cli: cliVersion() })
    : server !== undefined
      ? `lich ${cliVersion()}\nserver ${server}`
      : `lich ${cliVersion()}`
  return { _tag: "out", text, code: exitCodes.answered }
}

/** 15 s: how long quit waits for the port to be free before it calls the quit a failure. */
const QUIT_WAIT_MS = 15_000
/** 50 ms between looks at the port: quit's only job is to return promptly once it is free. */
const PORT_LOOK_MS = 50

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port })
    s.once("connect", () => {
      s.destroy()
      resolve(true)
    })
    s.once("error", () => resolve(false))
  })

const unreachable = (message: string): Ending => ({ _tag: "fail", message, code: exitCodes.Unreachable })

export const quit = async (): Promise<Ending> => {
  const c = coordinates(process.env)
  if (!c) return unreachable(NO_LICH)
  // A lich that exits before its reply leaves still counts as quit; a typed refusal does not.
  const quitting = await callPlain("system.Quit", {})
  if (!quitting.ok && (quitting.tag !== "Unreachable" || quitting.message === NO_LICH)) {
    return { _tag: "fail", message: quitting.message, code: exitCodes[quitting.tag] }
  }
  const deadline = Date.now() + QUIT_WAIT_MS
  while (await portAnswers(c.port)) {
    if (Date.now() > deadline) return unreachable(`lich is still listening on port ${c.port} after 15 s`)
    await new Promise((r) => setTimeout(r, PORT_LOOK_MS))
  }
  return { _tag: "out", text: "lich has quit.", code: exitCodes.answered }
}
