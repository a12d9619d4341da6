/**
 * The web window as the backend sees it: how many are attached (open `/events` connections) and a
 * way to open one. Opening runs the browser detached, so closing the window ends nothing and lich
 * keeps serving its sessions; `lich focus` and a second `lich` both open one through here.
 */

import { spawn } from "node:child_process"
import { configDir, isDev } from "@lich/singleton"
import { ServerConfig } from "@lich/spawn"
import { Context, Data, Effect, Layer, Ref } from "effect"
import { browserArgs, findBrowser } from "./browser.js"
import { makeLaunchCodes } from "./LaunchCodes.js"

export class WindowError extends Data.TaggedError("WindowError")<{ readonly message: string }> {}

export interface OpenOptions {
  /** --shell: the browser to run; "" = the first one found on PATH */
  readonly shell?: string
  /** what followed `lich --`, appended to the browser's arguments */
  readonly flags?: ReadonlyArray<string>
}

export interface WindowShape {
  /** How many windows are listening to `/events` right now. */
  readonly attached: Effect.Effect<number>
  readonly open: (o?: OpenOptions) => Effect.Effect<void, WindowError>
  /** Counts `self` as an attached window while it runs (the `/events` socket). */
  readonly track: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Trades a launch code for the token, once. */
  readonly redeem: (code: string) => Effect.Effect<string | undefined>
  /** A fresh one-time launch code, for a link printed instead of the token. */
  readonly launchCode: Effect.Effect<string>
}

export class Window extends Context.Tag("lich/server/Window")<Window, WindowShape>() {
  static readonly layer = Layer.effect(
    Window,
    Effect.gen(function* () {
      const config = yield* ServerConfig
      const count = yield* Ref.make(0)
      const codes = yield* makeLaunchCodes

      const open = Effect.fn("Window.open")(function* (o?: OpenOptions) {
        const env = config.env
        const browser = findBrowser(o?.shell ?? "", env.PATH ?? "")
        if (!browser.ok) return yield* new WindowError({ message: browser.reason })
        const code = yield* codes.issue
        const args = browserArgs({
          port: config.port,
          code,
          configDir: configDir(env),
          dev: isDev(env),
          root: typeof process.getuid === "function" && process.getuid() === 0,
          flags: o?.flags ?? []
        })
        const childEnv: Record<string, string> = {}
        // The token stays out of the browser's environment too: the page gets it over loopback.
        for (const [k, v] of Object.entries(env)) if (v !== undefined && k !== "LICH_TOKEN") childEnv[k] = v
        yield* Effect.async<void, WindowError>((resume) => {
          const child = spawn(browser.file, args, { detached: true, stdio: "ignore", env: childEnv })
          child.once("error", (e) => resume(Effect.fail(new WindowError({ message: `could not start ${browser.file}: ${e.message}` }))))
          child.once("spawn", () => {
            child.unref()
            resume(Effect.void)
          })
        })
      })

      const track = <A, E, R>(self: Effect.Effect<A, E, R>) =>
        Effect.acquireUseRelease(
          Ref.update(count, (n) => n + 1),
          () => self,
          () => Ref.update(count, (n) => n - 1)
        )

      const redeem = (code: string) => Effect.map(codes.redeem(code), (ok) => (ok ? config.token : undefined))

      return { attached: Ref.get(count), open, track, redeem, launchCode: codes.issue } satisfies WindowShape
    })
  )
}
