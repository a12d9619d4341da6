/**
 * The relay over fake PTYs and an in-memory store, for the TestClock suites beside it: every lib the
 * relay needs, wired as the server wires them, with a temp project directory to open sessions in.
 */
import { EventHub, HookReports } from "@lich/events"
import { ModChannel } from "@lich/mod"
import { ServerConfig, type ServerConfigShape, SessionStates, WorkspaceLayer } from "@lich/spawn"
import { StoreMemory } from "@lich/store"
import { FakePty, Terminals } from "@lich/terminal"
import { Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { RelayLayer } from "./Relay.js"

export const relayTestLayer = (prefix: string, over: Partial<ServerConfigShape> = {}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
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
  const base = Layer.mergeAll(config, EventHub.layer, HookReports.layer, SessionStates.layer, StoreMemory, Terminals.layer.pipe(Layer.provideMerge(FakePty.layer)))
  const layer = RelayLayer.pipe(Layer.provideMerge(Layer.merge(ModChannel.layer, WorkspaceLayer).pipe(Layer.provideMerge(base))))
  return { dir, layer }
}
