import * as http from "node:http"
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, TestClock } from "effect"
import { BROWSERS, browserArgs, findBrowser, NO_BROWSER } from "./browser.js"
import { CODE_TTL_MS, makeLaunchCodes } from "./LaunchCodes.js"
import { openWindowOn } from "./remote.js"

const only =
  (...files: Array<string>) =>
  (f: string) =>
    files.includes(f)

describe("finding the browser", () => {
  it("takes the first of chromium, chromium-browser, google-chrome-stable, google-chrome, brave on PATH", () => {
    expect(findBrowser("", "/a:/b", only("/b/google-chrome", "/a/brave"))).toEqual({ ok: true, file: "/b/google-chrome" })
    expect(findBrowser("", "/a:/b", only("/b/chromium", "/a/chromium-browser"))).toEqual({ ok: true, file: "/b/chromium" })
    expect(BROWSERS.slice(0, 5)).toEqual(["chromium", "chromium-browser", "google-chrome-stable", "google-chrome", "brave"])
  })

  it("refuses in one line naming what to install when none is there", () => {
    const r = findBrowser("", "/a:/b", only())
    expect(r).toEqual({ ok: false, reason: NO_BROWSER })
    expect(NO_BROWSER).toContain("apt install chromium")
    expect(NO_BROWSER).not.toContain("\n")
  })

  it("runs the --shell browser and nothing else when one is pinned", () => {
    expect(findBrowser("/opt/x/chrome", "/usr/bin", only("/opt/x/chrome", "/usr/bin/chromium"))).toEqual({
      ok: true,
      file: "/opt/x/chrome"
    })
    expect(findBrowser("/opt/none", "/usr/bin", only("/usr/bin/chromium"))).toMatchObject({ ok: false })
  })
})

describe("the browser's arguments", () => {
  const base = { port: 47821, code: "c0de", configDir: "/home/u/.config/lich", dev: false, root: false, flags: [] }

  it("carry the launch code, never a token, and the user's flags last", () => {
    const args = browserArgs({ ...base, flags: ["--ozone-platform=wayland"] })
    expect(args[0]).toBe("--app=http://127.0.0.1:47821/?launch=c0de")
    expect(args.join(" ")).not.toContain("token")
    expect(args.at(-1)).toBe("--ozone-platform=wayland")
  })

  it("turn the sandbox off only as root, and keep a dev build's profile and class apart", () => {
    expect(browserArgs(base)).not.toContain("--no-sandbox")
    expect(browserArgs({ ...base, root: true })).toContain("--no-sandbox")
    const dev = browserArgs({ ...base, dev: true })
    expect(dev).toContain("--user-data-dir=/home/u/.config/lich/chromium-profile-dev")
    expect(dev).toContain("--class=lichdev")
  })
})

describe("launch codes", () => {
  it.effect("work once", () =>
    Effect.gen(function* () {
      const codes = yield* makeLaunchCodes
      const code = yield* codes.issue
      expect(code).toMatch(/^[0-9a-f]{32}$/)
      expect(yield* codes.redeem(code)).toBe(true)
      expect(yield* codes.redeem(code)).toBe(false)
      expect(yield* codes.redeem("never-issued")).toBe(false)
    })
  )

  it.effect("expire after 60 s unused", () =>
    Effect.gen(function* () {
      const codes = yield* makeLaunchCodes
      const fresh = yield* codes.issue
      const stale = yield* codes.issue
      yield* TestClock.adjust(Duration.millis(CODE_TTL_MS - 1))
      expect(yield* codes.redeem(fresh)).toBe(true)
      yield* TestClock.adjust(Duration.millis(1))
      expect(yield* codes.redeem(stale)).toBe(false)
    })
  )
})

describe("asking the running lich for a window", () => {
  /** A stand-in for the running lich on a free loopback port, answering every call with `status` and `body`. */
  const answering = (status: number, body: string) =>
    Effect.acquireRelease(
      Effect.async<http.Server>((resume) => {
        const server = http.createServer((_, res) => {
          res.writeHead(status).end(body)
        })
        server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
      }),
      (server) =>
        Effect.async<void>((resume) => {
          server.close(() => resume(Effect.void))
        })
    ).pipe(Effect.map((server) => (server.address() as { port: number }).port))

  it.scoped("says what the running lich's envelope says, or its status when the body is no envelope", () =>
    Effect.gen(function* () {
      const refused = yield* answering(400, '{"error":"--shell /x is not an executable file"}')
      const e1 = yield* Effect.flip(openWindowOn(refused, "t", "/x", []))
      expect(e1.message).toBe("--shell /x is not an executable file")
      const bare = yield* answering(401, "invalid token")
      const e2 = yield* Effect.flip(openWindowOn(bare, "t", "", []))
      expect(e2.message).toBe("the running lich answered 401")
      const ok = yield* answering(200, "null")
      yield* openWindowOn(ok, "t", "", [])
    })
  )

  it.effect("says it could not reach the running lich when nothing listens on its port", () =>
    Effect.gen(function* () {
      const gone = yield* Effect.scoped(answering(200, "null"))
      const e = yield* Effect.flip(openWindowOn(gone, "t", "", []))
      expect(e.message).toMatch(/^could not reach the running lich: connect ECONNREFUSED 127\.0\.0\.1:\d+$/)
    })
  )
})
