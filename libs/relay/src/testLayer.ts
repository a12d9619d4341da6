/**
 * The relay over fake PTYs and an in-memory store, for the TestClock suites beside it: every lib the
 * relay needs, wired as the server wires them, with a temp project directory to open sessions in.
 */

import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { callRpc, RelayRpcs, type ReplyPayload, type SendPayload, SessionId, Ticket, type WaitPayload } from "@lich/contract"
import { BudgetLayer, CostLedger } from "@lich/cost"
import { EventHub, HookReports } from "@lich/events"
import { PluginInstalls } from "@lich/integrations"
import { ModChannel } from "@lich/mod"
import { ServerConfig, type ServerConfigShape, SessionStates, Workspace, WorkspaceLayer } from "@lich/spawn"
import { StoreMemory } from "@lich/store"
import { FakePty, Terminals } from "@lich/terminal"
import { Duration, Effect, Layer, TestClock } from "effect"
import { afterAll } from "vitest"
import { RelayLayer } from "./Relay.js"
import { WindowOpener } from "./WindowOpener.js"

/** A window always attached: most suites here are the relay's clock, not the window's. */
const attachedWindow: WindowOpener["Type"] = { attached: Effect.succeed(1), open: Effect.void }

export const relayTestLayer = (prefix: string, over: Partial<ServerConfigShape> = {}, window = attachedWindow) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  // Called at a suite file's top level, so the folder goes once that file's tests are done.
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  const config = Layer.succeed(ServerConfig, {
    version: "test",
    port: 1,
    token: "t",
    lichBin: "/usr/bin/lich",
    env: {},
    dataDir: path.join(dir, "data"),
    home: dir,
    ...over
  })
  const base = Layer.mergeAll(
    // No plugin tree: the HasTools rule answers from the provider table alone.
    PluginInstalls.layer(undefined),
    config,
    Layer.succeed(WindowOpener, window),
    EventHub.layer,
    HookReports.layer,
    SessionStates.layer,
    StoreMemory,
    Terminals.layer.pipe(Layer.provideMerge(FakePty.layer))
  )
  // The real cost lib with no transcript readers (an account per kind for the plan windows): the
  // budgets' gate the relay asks is the one the server wires.
  const layer = RelayLayer.pipe(
    Layer.provideMerge(
      BudgetLayer({ claude: { account: "claude:test" }, crush: { account: "crush:test" } }).pipe(Layer.provideMerge(CostLedger.layer({})))
    ),
    Layer.provideMerge(Layer.merge(ModChannel.layer, WorkspaceLayer).pipe(Layer.provideMerge(base)))
  )
  return { dir, layer }
}

export const tick = (ms: number) => TestClock.adjust(Duration.millis(ms))

/** Opens a `kind` session in `dir` and returns it with its fake PTY. */
export const openSession = (dir: string, kind: "crush" | "claude") =>
  Effect.gen(function* () {
    const ws = yield* Workspace
    const opened = yield* ws.open({
      from: "",
      project: dir,
      kind,
      worktree: "",
      base: "",
      model: "",
      effort: "",
      ultracode: false,
      folder: ""
    })
    const proc = yield* (yield* FakePty).latest
    return { id: SessionId.make(opened.session.id), label: opened.session.label, proc }
  })

/** The relay's procedures the suites call, each as the server calls it (the handler RelayLayer serves). */
export const relay = {
  send: (p: SendPayload) => callRpc(RelayRpcs, "relay.Send", p),
  wait: (p: WaitPayload) => callRpc(RelayRpcs, "relay.Wait", p),
  reply: (p: ReplyPayload) => callRpc(RelayRpcs, "relay.Reply", p)
}

/** A send in a fiber of its own, for a test to move the clock under it. */
export const sending = (target: string, prompt: string, timeout: number, from: SendPayload["from"] = "") =>
  Effect.fork(relay.send({ from, target, project: "", prompt, timeout, private: false }))

/** The ticket of the last relayed message typed at a fake PTY. */
export const typedTicket = (proc: { writtenText: () => string }): Ticket =>
  Ticket.make(/reply ([0-9a-f]{8}) /.exec(proc.writtenText())![1]!)
