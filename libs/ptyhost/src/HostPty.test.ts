import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { PtyAdapter } from "@lich/terminal"
import { Context, Effect, Layer } from "effect"
import { ptyLayer } from "./HostPty.js"

/** The adapter, used inside `f` while its layer is up. */
const withAdapter = <A>(env: Record<string, string>, f: (a: PtyAdapter["Type"]) => Effect.Effect<A>) =>
  Effect.scoped(
    Effect.flatMap(Layer.build(ptyLayer({ env, script: "/nonexistent/ptyhost.cjs", token: "t" })), (ctx) => f(Context.get(ctx, PtyAdapter)))
  )

describe("the backend's PTY adapter", () => {
  it.effect("keeps PTYs in-process when LICH_PTY_HOST=off asks for it", () =>
    Effect.gen(function* () {
      const adopt = yield* withAdapter({ HOME: "/tmp", XDG_CONFIG_HOME: "/tmp/lich-cfg", LICH_PTY_HOST: "off" }, (a) =>
        Effect.succeed(a.adopt)
      )
      expect(adopt).toBeUndefined()
    })
  )

  it.effect("keeps PTYs in-process when the config dir is too deep for a Unix socket's path", () =>
    Effect.gen(function* () {
      const adopt = yield* withAdapter({ HOME: "/tmp", XDG_CONFIG_HOME: `/tmp/${"d".repeat(100)}` }, (a) => Effect.succeed(a.adopt))
      expect(adopt).toBeUndefined()
    })
  )

  it.effect("starts no host to adopt from: with none running there is nothing to adopt", () =>
    Effect.gen(function* () {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-hostpty-"))
      const kept = yield* withAdapter({ HOME: dir, XDG_CONFIG_HOME: dir }, (a) => a.adopt!)
      expect(kept).toEqual([])
      // The secret is made (0600) for the host to come; no socket, so no host was started.
      expect(fs.readdirSync(path.join(dir, "lich"))).toEqual(["ptyhost.secret"])
      expect(fs.statSync(path.join(dir, "lich", "ptyhost.secret")).mode & 0o777).toBe(0o600)
      fs.rmSync(dir, { recursive: true, force: true })
    })
  )
})
