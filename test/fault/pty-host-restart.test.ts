/**
 * The backend killed and started again, over and over, while its sessions print: every session
 * survives every restart (same pids, listed, live on /ws), and nothing leaks — the same one host,
 * the same processes under it, the same number of descriptors in it after each round. Then
 * `lich quit` leaves no host and no session process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, startBackend } from "../harness.js"
import { alive, childrenOf, exitOf, fdCount, hostsOf, killHard, startAgain, tokenIn, watchScreen } from "../ptyHostHarness.js"

/** 20 rounds: the count; one round is a backend start (~0.6 s here) and a few checks. */
const ROUNDS = 20
/** 3 sessions printing a line every 20 ms: output is always in flight when the kill lands. */
const SESSIONS = 3
const TICKER = "i=0; while :; do i=$((i+1)); echo tick-$i; sleep 0.02; done\r"

let b: Backend
let backend: Awaited<ReturnType<typeof startAgain>> | undefined
let shells: Array<number> = []

beforeAll(async () => {
  b = await startBackend()
})
afterAll(async () => {
  if (backend && backend.exitCode === null) {
    backend.kill("SIGTERM")
    await exitOf(backend)
  }
  for (const pid of [...hostsOf(b.env.XDG_CONFIG_HOME!), ...shells]) if (alive(pid)) process.kill(pid, "SIGKILL")
  await b?.stop()
})

const roster = async () => (JSON.parse((await b.lich(["sessions", "--json"])).stdout) as Array<{ id: string }>).map((s) => s.id).sort()

/** Attaches to `id` and waits for two lines printed after what the replay held: the session is live. */
const printsOn = async (id: string) => {
  const w = await watchScreen(b.port, tokenIn(b.env), id)
  const first = await w.until(/tick-\d+\r?\n/)
  const last = Math.max(...[...first.matchAll(/tick-(\d+)/g)].map((m) => Number(m[1])))
  await w.until(new RegExp(`tick-${last + 2}\\r?\\n`))
  await w.close()
}

describe("kill -9 and restart, again and again", () => {
  it(`keeps ${SESSIONS} printing sessions through ${ROUNDS} restarts and leaks nothing`, async () => {
    const project = b.project("ticking")
    const ids: Array<string> = []
    for (let i = 0; i < SESSIONS; i++) {
      const id = JSON.parse((await b.lich(["open", "--project", project, "--kind", "shell", "--json"])).stdout).id as string
      const w = await watchScreen(b.port, tokenIn(b.env), id)
      w.type(TICKER)
      await w.until(/tick-3\r?\n/)
      await w.close()
      ids.push(id)
    }
    ids.sort()
    const [host, ...others] = hostsOf(b.env.XDG_CONFIG_HOME!)
    expect(others).toEqual([])
    shells = childrenOf(host!).sort()
    expect(shells.length).toBe(SESSIONS)

    let current = b.process
    let fds: number | undefined
    for (let round = 0; round < ROUNDS; round++) {
      await killHard(current)
      backend = current = await startAgain(b.env)
      expect(await roster()).toEqual(ids)
      await printsOn(ids[round % SESSIONS]!)
      expect(hostsOf(b.env.XDG_CONFIG_HOME!)).toEqual([host])
      expect(childrenOf(host!).sort()).toEqual(shells)
      // The first round sets the count (the previous backend's socket is closed by then); each
      // round after must hold exactly as many: a socket, a PTY or a watcher per restart would show.
      const now = fdCount(host!)
      if (fds === undefined) fds = now
      expect({ round, fds: now }).toEqual({ round, fds })
    }

    // Read as soon as quit returns: quit means the host and every session have ended.
    expect((await b.lich(["quit"])).code).toBe(0)
    expect(hostsOf(b.env.XDG_CONFIG_HOME!)).toEqual([])
    expect(shells.filter(alive)).toEqual([])
    await exitOf(current)
  }, 120_000)
})
