/**
 * Does confinement actually confine here? Answered by doing it: a confined child reads a file in a
 * temporary checkout (must work), writes there (must work), and reads a file planted in the real home
 * (must fail). Both halves matter: a backend whose rules silently applied nothing starts perfectly and
 * confines nothing, and on Ubuntu/Debian an AppArmor policy can deny user namespaces so bubblewrap is
 * installed yet every confined session dies. Bounded at 2 s and killed, so a kernel that blocks the
 * request cannot hang whoever asked (doctor). It never decides whether a session is confined.
 */

import { execFile } from "node:child_process"
import * as crypto from "node:crypto"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Effect } from "effect"
import { confine, findBwrap, realDir } from "./host.js"

export type ProbeResult =
  | { readonly _tag: "Confines"; readonly detail: string }
  | { readonly _tag: "Unavailable"; readonly detail: string }
  | { readonly _tag: "Leaks"; readonly detail: string }

export interface ProbeOptions {
  /** The home whose file must stay unreadable; the real one by default. */
  readonly home?: string
  readonly env?: Readonly<Record<string, string | undefined>>
  /** 2 s by default: a namespace request that blocks is an answer too. */
  readonly timeoutMs?: number
  /** Where the probe's checkout is made: the system's temp dir by default. */
  readonly tmpDir?: string
}

const SCRIPT = [
  `cat ./probe.txt >/dev/null 2>&1 && echo READ_CHECKOUT`,
  `echo x > ./written.txt 2>/dev/null && echo WROTE_CHECKOUT`,
  `cat "$1" >/dev/null 2>&1 && echo READ_HOME`,
  `true`
].join("; ")

interface Planted {
  readonly checkout: string
  readonly homeFile: string
}

/** Plants both files, or neither: a home it cannot write in must not leave the checkout behind. */
const plantFiles = (home: string, tmpDir: string): Planted => {
  const checkout = fs.mkdtempSync(path.join(tmpDir, "lich-sandbox-probe-"))
  try {
    fs.writeFileSync(path.join(checkout, "probe.txt"), "checkout\n")
    const homeFile = path.join(home, `.lich-sandbox-probe-${crypto.randomBytes(4).toString("hex")}`)
    fs.writeFileSync(homeFile, "home\n", { mode: 0o600 })
    return { checkout: realDir(checkout), homeFile }
  } catch (e) {
    fs.rmSync(checkout, { recursive: true, force: true })
    throw e
  }
}

const plant = (home: string, tmpDir: string) =>
  Effect.acquireRelease(
    Effect.try({ try: () => plantFiles(home, tmpDir), catch: (e) => (e instanceof Error ? e.message : String(e)) }),
    (p) =>
      Effect.sync(() => {
        fs.rmSync(p.checkout, { recursive: true, force: true })
        fs.rmSync(p.homeFile, { force: true })
      })
  )

const runBounded = (file: string, args: ReadonlyArray<string>, cwd: string, timeoutMs: number) =>
  Effect.async<{ readonly stdout: string; readonly error: string }>((resume) => {
    const child = execFile(file, [...args], { cwd, timeout: timeoutMs, killSignal: "SIGKILL" }, (err, stdout, stderr) =>
      resume(Effect.succeed({ stdout: String(stdout), error: err ? `${err.message.split("\n")[0]} ${String(stderr).trim()}`.trim() : "" }))
    )
    return Effect.sync(() => child.kill("SIGKILL"))
  })

export const probeConfinement = (o: ProbeOptions = {}): Effect.Effect<ProbeResult> =>
  Effect.scoped(
    Effect.gen(function* () {
      const env = o.env ?? process.env
      const bwrap = findBwrap(env)
      if (bwrap === undefined) {
        return {
          _tag: "Unavailable",
          detail: process.platform === "linux" ? "bubblewrap (bwrap) is not on PATH" : `no sandbox backend on ${process.platform}`
        } as const
      }
      const home = realDir(o.home ?? os.homedir())
      const planted = yield* plant(home, o.tmpDir ?? os.tmpdir()).pipe(Effect.either)
      if (planted._tag === "Left") return { _tag: "Unavailable", detail: `could not plant the probe files: ${planted.left}` } as const
      const p = planted.right
      const cmd = confine(
        bwrap,
        { home, cwd: p.checkout, writable: [], readOnly: [], state: [] },
        {
          file: "/bin/sh",
          args: ["-c", SCRIPT, "sh", p.homeFile]
        }
      )
      const out = yield* runBounded(cmd.file, cmd.args, p.checkout, o.timeoutMs ?? 2_000)
      const saw = (word: string) => out.stdout.includes(word)
      if (!saw("READ_CHECKOUT") || !saw("WROTE_CHECKOUT")) {
        return {
          _tag: "Unavailable",
          detail: `a confined child could not use its checkout${out.error === "" ? "" : `: ${out.error}`}`
        } as const
      }
      if (saw("READ_HOME")) return { _tag: "Leaks", detail: "a confined child read a file in the real home" } as const
      return { _tag: "Confines", detail: "bubblewrap confines a session here" } as const
    })
  ).pipe(Effect.withSpan("Sandbox.probeConfinement"))
