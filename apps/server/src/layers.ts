/**
 * The composition root: the one place every lib is wired to its dependencies. Everything the
 * backend runs is a layer here; main.ts only decides whether to start and then waits for quit.
 * Each RPC group is served by the layer of the lib that owns it (libs/contract groups.ts says
 * which); this file only merges them.
 */

import * as path from "node:path"
import { BudgetLayer, CostHandlers, CostLedger } from "@lich/cost"
import { EventHub, HookReports } from "@lich/events"
import { ChangesLayer, Git, GitHandlers, PrsLayer, ReviewLayer, Viewers } from "@lich/git"
import { Hooks } from "@lich/hooks"
import { HostsConfig, HostsLayer } from "@lich/hosts"
import { costReaders, PluginInstalls, PluginLayer, pluginContext, windowReaders } from "@lich/integrations"
import { ModChannel } from "@lich/mod"
import { ptyLayer } from "@lich/ptyhost"
import { RelayLayer, SpendMeter, WindowOpener } from "@lich/relay"
import { configDir } from "@lich/singleton"
import { DeskLayer, ServerConfig, type ServerConfigShape, SessionStates, SpawnLayer, WorkspaceLayer } from "@lich/spawn"
import { StoreLive } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { ThemesLayer } from "@lich/themes"
import { Effect, Layer, Stream } from "effect"
import { Lifecycle } from "./Lifecycle.js"
import { SystemLayer } from "./System.js"
import { Window } from "./window/Window.js"

/** A PTY whose process ended is still a card; the window hears it ended. */
const ExitEvents = Layer.scopedDiscard(
  Effect.gen(function* () {
    const terminals = yield* Terminals
    const hub = yield* EventHub
    yield* Effect.forkScoped(Stream.runForEach(terminals.exits, (e) => hub.publish({ _tag: "session-exit", id: e.id, code: e.exitCode })))
  })
)

/**
 * The plugin installs work from the laid plugin tree (its scripts are what an install copies) and
 * register the lich sessions call back into; without the tree there is nothing to install.
 */
const plugins = (config: ServerConfigShape) =>
  PluginInstalls.layer(
    config.claudePlugin === undefined
      ? undefined
      : pluginContext({
          env: config.env,
          home: config.home,
          lichBin: config.lichBin,
          hooksTree: config.claudePlugin.dir,
          ownDir: path.join(configDir(config.env), "plugin")
        })
  )

/** `relay.Focus` opens a window when none is attached: the relay's seam, over the server's window. */
// The checkouts' figures are read for windows only (libs/git viewers.ts): with none attached, a read waits.
const WindowViewers = Layer.effect(
  Viewers,
  Effect.map(Window, (w) => Viewers.of({ watching: Effect.map(w.attached, (n) => n > 0) }))
)

const FocusWindow = Layer.effect(
  WindowOpener,
  Effect.map(Window, (w) => WindowOpener.of({ attached: w.attached, open: Effect.suspend(() => w.open()) }))
)

/** The timeline charges each errand what its target spent: the relay's seam, over the cost ledger. */
const LedgerSpend = Layer.effect(
  SpendMeter,
  Effect.map(CostLedger, (ledger) =>
    SpendMeter.of({
      // A ledger that cannot be read leaves the errand unpriced ("" is a lower bound), never fails the record.
      read: (id) => ledger.spent(id).pipe(Effect.orElseSucceed(() => ({ costUsd: 0, source: "" as const })))
    })
  )
)

export const appLayer = (config: ServerConfigShape, dbFile: string) => {
  const base = Layer.mergeAll(
    Layer.succeed(ServerConfig, config),
    plugins(config),
    EventHub.layer,
    HookReports.layer,
    SessionStates.layer,
    Lifecycle.layer,
    StoreLive(dbFile),
    // The PTYs live in the PTY host (dist/ptyhost.cjs, beside this bundle), so they outlive a crash.
    Terminals.layer.pipe(Layer.provide(ptyLayer({ env: config.env, script: path.join(__dirname, "ptyhost.cjs"), token: config.token })))
  )
  const workspace = Layer.merge(WorkspaceLayer, ModChannel.layer).pipe(Layer.provideMerge(base))
  const window = Window.layer.pipe(Layer.provideMerge(workspace))
  // One ledger for `lich cost` and the relay's timeline: two would scan every transcript twice.
  const ledger = CostLedger.layer(costReaders(config.env, config.home)).pipe(Layer.provideMerge(window))
  // The budgets sit below the relay too: a relayed send asks their gate before it types anything.
  const budgets = BudgetLayer(windowReaders(config.env, config.home)).pipe(Layer.provideMerge(ledger))
  const relay = RelayLayer.pipe(Layer.provide(FocusWindow), Layer.provide(LedgerSpend), Layer.provideMerge(budgets))
  // User themes live in <config>/lich/themes; the cost ledger reads the transcripts the providers
  // write under the sessions' own home.
  return Layer.mergeAll(
    SpawnLayer,
    DeskLayer,
    SystemLayer,
    ThemesLayer(path.join(configDir(config.env), "themes")),
    CostHandlers,
    PluginLayer,
    // git reads and landing: the lib serves its own group over the workspace.
    GitHandlers.pipe(
      Layer.provideMerge(Layer.merge(ReviewLayer, PrsLayer)),
      Layer.provideMerge(ChangesLayer.pipe(Layer.provide(WindowViewers))),
      Layer.provideMerge(Git.layer)
    ),
    ExitEvents,
    Hooks.layer,
    // Other machines' liches over ssh; LICH_SSH_CONFIG points ssh at a config file of its own (-F).
    HostsLayer.pipe(
      Layer.provide(Layer.succeed(HostsConfig, { version: config.version, ssh: { env: config.env, config: config.env.LICH_SSH_CONFIG } }))
    )
  ).pipe(Layer.provideMerge(relay))
}
