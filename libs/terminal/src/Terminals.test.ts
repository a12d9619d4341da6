/**
 * Terminals over real PTYs (node-pty), with the real clock: what the child actually reads and what
 * the terminal actually shows. Tests wait on the output stream for expected bytes, never on sleeps.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Fiber, Layer, Option, Stream } from "effect"
import { NodePtyLayer } from "./NodePty.js"
import { setupWrapper } from "./SetupMarker.js"
import { Terminals, type TerminalsShape } from "./Terminals.js"

const Live = Terminals.layer.pipe(Layer.provide(NodePtyLayer))
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp" }
const sh = (id: string, script: string, extra: { cols?: number; rows?: number } = {}) =>
  Effect.flatMap(Terminals, (t) => t.start({ id, file: "/bin/sh", args: ["-c", script], cwd: "/tmp", env, ...extra }))

/**
 * Everything the terminal has shown (replay + live, with no gap) up to the first `needle`, or up to
 * the exit when it never comes (the assertion then shows what did). 20 s: these children need well
 * under a second, but a 2-CPU machine running several suites at once was measured taking over 10 s
 * for the 3 MiB flood; 20 s still fails inside vitest's 30 s with the output in hand.
 */
const readUntil = (t: TerminalsShape, id: string, needle: string) =>
  Effect.scoped(
    Effect.gen(function* () {
      const { output, replay } = yield* t.attach(id)
      const decoder = new TextDecoder()
      const pieces = [decoder.decode(replay, { stream: true })]
      // Match against only the newest piece plus a needle's overlap, so megabytes stay linear.
      let overlap = ""
      const sees = (piece: string) => {
        const window = overlap + piece
        overlap = window.slice(-(needle.length - 1))
        return window.includes(needle)
      }
      if (sees(pieces[0]!)) return pieces.join("")
      yield* output.pipe(
        Stream.map((bytes) => decoder.decode(bytes, { stream: true })),
        Stream.tap((piece) => Effect.sync(() => pieces.push(piece))),
        Stream.takeUntil(sees),
        Stream.runDrain,
        Effect.timeout("20 seconds"),
        Effect.catchTag("TimeoutException", () => Effect.void)
      )
      return pieces.join("")
    })
  )

/** A child that puts its tty in raw mode and, at the first CR, prints every byte it read as hex. */
const HEX_CHILD = `
process.stdin.setRawMode(true)
const got = []
process.stdin.on("data", (d) => {
  got.push(d)
  const all = Buffer.concat(got)
  const cr = all.indexOf(13)
  if (cr !== -1) { process.stdout.write("HEX:" + all.subarray(0, cr + 1).toString("hex") + ":END\\n"); process.exit(0) }
})
process.stdout.write("RAW-READY\\n")
`
const hex = (s: string) => Buffer.from(s, "utf8").toString("hex")
const hexPayload = (text: string) => /HEX:([0-9a-f]*):END/.exec(text)?.[1]

describe("Terminals over real PTYs", () => {
  it.live("shows a child's output and feeds it what is written", () =>
    Effect.gen(function* () {
      const t = yield* Terminals
      const { pid } = yield* sh("s", "printf hi; read x; echo got:$x")
      expect(pid).toBeGreaterThan(0)
      expect(yield* readUntil(t, "s", "hi")).toContain("hi")
      yield* t.write("s", "there\r")
      expect(yield* readUntil(t, "s", "got:there")).toContain("got:there")
      expect(yield* t.awaitExit("s")).toEqual({ id: "s", exitCode: 0 })
      expect(yield* t.isLive("s")).toBe(false)
    }).pipe(Effect.provide(Live))
  )

  it.live("delivers a message as ESC[200~ text ESC[201~ then CR, with controls stripped", () =>
    Effect.gen(function* () {
      const t = yield* Terminals
      yield* t.start({ id: "hex", file: process.execPath, args: ["-e", HEX_CHILD], cwd: "/tmp", env })
      yield* readUntil(t, "hex", "RAW-READY")
      const refused = yield* Effect.flip(t.typeMessage("hex", "x".repeat(8193)))
      expect(refused).toMatchObject({ _tag: "MessageTooLong", bytes: 8193 })
      yield* t.typeMessage("hex", "a\x1b[201~b\x03\x07\x00c\r\n\td é\x7f\u009b!")
      const payload = hexPayload(yield* readUntil(t, "hex", ":END"))
      // The refused message wrote nothing: the child's first bytes are this paste's opening.
      expect(payload).toBe(hex("\x1b[200~") + hex("a[201~bc\n\td é!") + hex("\x1b[201~") + hex("\r"))
    }).pipe(Effect.provide(Live))
  )

  it.live("resizes the child's terminal, within bounds", () =>
    Effect.gen(function* () {
      const t = yield* Terminals
      yield* sh("r", "stty size; read x; stty size; read y; stty size", { cols: 90, rows: 20 })
      expect(yield* readUntil(t, "r", "20 90")).toContain("20 90")
      yield* t.resize("r", 132, 43)
      yield* t.write("r", "\r")
      expect(yield* readUntil(t, "r", "43 132")).toContain("43 132")
      yield* t.resize("r", 5000, 2)
      yield* t.write("r", "\r")
      expect(yield* readUntil(t, "r", "5 400")).toContain("5 400")
    }).pipe(Effect.provide(Live))
  )

  it.live("closes a child that ignores SIGHUP with SIGKILL after the 1 s grace", () =>
    Effect.gen(function* () {
      const t = yield* Terminals
      yield* sh("stubborn", "trap '' HUP; echo armed; while :; do read x; done")
      yield* readUntil(t, "stubborn", "armed")
      const exit = yield* Effect.fork(t.awaitExit("stubborn"))
      const before = yield* Clock.currentTimeMillis
      yield* t.close("stubborn")
      const took = (yield* Clock.currentTimeMillis) - before
      expect(took).toBeGreaterThanOrEqual(1_000)
      expect(took).toBeLessThan(3_000)
      expect(yield* Fiber.join(exit)).toMatchObject({ signal: 9 })
      expect(yield* t.isLive("stubborn")).toBe(false)
    }).pipe(Effect.provide(Live))
  )

  it.live("closes an ordinary child with SIGHUP alone, well inside the grace", () =>
    Effect.gen(function* () {
      const t = yield* Terminals
      yield* sh("meek", "echo up; read x")
      yield* readUntil(t, "meek", "up")
      const exit = yield* Effect.fork(t.awaitExit("meek"))
      const before = yield* Clock.currentTimeMillis
      yield* t.close("meek")
      expect((yield* Clock.currentTimeMillis) - before).toBeLessThan(1_000)
      expect(yield* Fiber.join(exit)).toMatchObject({ signal: 1 })
    }).pipe(Effect.provide(Live))
  )

  it.live("keeps at most 2 MiB to replay after 3 MiB of output, ending with the newest bytes", () =>
    Effect.gen(function* () {
      const t = yield* Terminals
      yield* sh("flood", "head -c 3145728 /dev/zero | tr '\\0' a; printf FLOOD-DONE; read x")
      yield* readUntil(t, "flood", "FLOOD-DONE")
      const replay = yield* t.replay("flood")
      expect(replay.length).toBeLessThanOrEqual(2 * 1024 * 1024)
      expect(replay.length).toBeGreaterThan(2 * 1024 * 1024 - 64 * 1024)
      expect(new TextDecoder().decode(replay.subarray(-10))).toBe("FLOOD-DONE")
      expect(replay[0]).toBe("a".charCodeAt(0))
    }).pipe(Effect.provide(Live))
  )

  it.live("runs worktree setup visibly, then the provider with its argv intact", () =>
    Effect.gen(function* () {
      const t = yield* Terminals
      const argv = [
        process.execPath,
        "-e",
        `console.log("PROVIDER:" + JSON.stringify(process.argv.slice(1))); setInterval(() => {}, 1e6)`,
        `it's "odd" $HOME \\ ;`,
        ""
      ]
      const wrapped = setupWrapper(`echo setting-up; read go; echo setup-finished`, argv)
      yield* t.start({ id: "wt", ...wrapped, cwd: "/tmp", env, setup: true })
      yield* readUntil(t, "wt", "setting-up")
      expect(yield* t.readiness("wt")).toMatchObject({ live: true, settingUp: true })
      expect(yield* t.isReady("wt")).toBe(false)
      yield* t.write("wt", "\r")
      const shown = yield* readUntil(t, "wt", "PROVIDER:")
      const providerLine = (yield* readUntil(t, "wt", `""]`)).split("PROVIDER:")[1]!.split("\r\n")[0]!
      expect(JSON.parse(providerLine)).toEqual([`it's "odd" $HOME \\ ;`, ""])
      expect(shown.indexOf("setup-finished")).toBeLessThan(shown.indexOf("\x1b]6969;lich-setup-done\x07"))
      expect(shown.indexOf("\x1b]6969;lich-setup-done\x07")).toBeLessThan(shown.indexOf("PROVIDER:"))
      expect(yield* t.readiness("wt")).toMatchObject({ settingUp: false })
      expect(yield* t.awaitReady("wt", "5 seconds")).toBe(true)
    }).pipe(Effect.provide(Live))
  )

  it.live("says so when the setup script fails, and starts the provider anyway", () =>
    Effect.gen(function* () {
      const t = yield* Terminals
      const wrapped = setupWrapper(`echo trying; exit 7`, ["/bin/sh", "-c", "echo provider-up; read x"])
      yield* t.start({ id: "bad", ...wrapped, cwd: "/tmp", env, setup: true })
      const shown = yield* readUntil(t, "bad", "provider-up")
      expect(shown).toContain("[lich] worktree setup failed (exit 7)")
      expect(shown.indexOf("failed (exit 7)")).toBeLessThan(shown.indexOf("provider-up"))
      expect(yield* t.readiness("bad")).toMatchObject({ settingUp: false })
    }).pipe(Effect.provide(Live))
  )

  it.live("calls a real shell waiting at its prompt ready after 600 ms of quiet", () =>
    Effect.gen(function* () {
      const t = yield* Terminals
      yield* sh("q", "printf 'prompt> '; read x")
      yield* readUntil(t, "q", "prompt> ")
      expect(yield* t.awaitReady("q", "5 seconds")).toBe(true)
      expect((yield* t.readiness("q")).quietMs).toBeGreaterThanOrEqual(600)
    }).pipe(Effect.provide(Live))
  )

  it.live("refuses to start what is not there, with a typed error", () =>
    Effect.gen(function* () {
      const t = yield* Terminals
      const missing = yield* Effect.flip(t.start({ id: "m", file: "no-such-agent-binary", args: [], cwd: "/tmp", env }))
      expect(missing).toMatchObject({ _tag: "PtySpawnError", reason: "not-found" })
      const noDir = yield* Effect.flip(t.start({ id: "m", file: "/bin/sh", args: [], cwd: "/no/such/dir", env }))
      expect(noDir).toMatchObject({ _tag: "PtySpawnError", reason: "cwd" })
      expect(yield* t.isLive("m")).toBe(false)
      expect(Option.isNone(yield* t.pid("m"))).toBe(true)
    }).pipe(Effect.provide(Live))
  )

  it.live("closes every PTY when the layer shuts down", () =>
    Effect.gen(function* () {
      const pids = yield* Effect.gen(function* () {
        const t = yield* Terminals
        const a = yield* sh("x", "echo up; read x")
        const b = yield* sh("y", "trap '' HUP; echo armed; read x")
        yield* readUntil(t, "x", "up")
        yield* readUntil(t, "y", "armed")
        return [a.pid, b.pid]
      }).pipe(Effect.provide(Live))
      const alive = pids.filter((pid) => {
        try {
          process.kill(pid, 0)
          return true
        } catch {
          return false
        }
      })
      expect(alive).toEqual([])
    })
  )
})
