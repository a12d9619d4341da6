import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failed } from "./Check.js"
import { diagnose } from "./checks.js"
import type { Machine } from "./Machine.js"

const running = { state: "running", runtime: { pid: 4242, port: 47821, token: "t".repeat(32), version: "0.1.0" } } as const

/** A machine on which every check passes; each test breaks exactly one thing. */
const healthy = (over: Partial<Machine> = {}): Machine => ({
  env: { HOME: "/home/u", XDG_CONFIG_HOME: "/home/u/.config", PATH: "/usr/bin" },
  platform: "linux",
  mkdir: () => {},
  writeFile: () => {},
  remove: () => {},
  openLog: () => {},
  instance: async () => ({ state: "none" }),
  alive: () => false,
  bind: async () => undefined,
  storeProblem: async () => "",
  openStore: () => Effect.void,
  findBrowser: () => ({ ok: true, file: "/usr/bin/chromium" }),
  which: (name) => (["claude", "codex", "git", "gh", "curl", "jq"].includes(name) ? `/usr/bin/${name}` : undefined),
  gitVersion: () => "git version 2.39.5",
  confinement: () => Effect.succeed({ _tag: "Confines", detail: "bubblewrap confines a session here" }),
  ...over
})

const walk = (m: Machine) => Effect.runPromise(diagnose(m))
const verdicts = async (m: Machine) => Object.fromEntries((await walk(m)).checks.map((c) => [c.name, c.verdict]))
const detail = async (m: Machine, name: string) => (await walk(m)).checks.find((c) => c.name === name)!.detail
const addrInUse = Object.assign(new Error("listen EADDRINUSE"), { code: "EADDRINUSE" })
const boom = (message: string) => () => {
  throw new Error(message)
}

describe("doctor", () => {
  it("aHealthyMachineWalksTheWholeBootInOrder", async () => {
    const r = await walk(healthy())
    expect(r.checks.map((c) => c.name)).toEqual(["home", "log", "listener", "store", "browser", "providers", "sandbox", "git", "gh"])
    expect(r.checks.every((c) => c.verdict === "ok")).toBe(true)
    expect(failed(r)).toBe(false)
    expect(r.checks.map((c) => c.detail)).toEqual([
      "/home/u/.config/lich is writable",
      "/home/u/.config/lich/lich.log",
      "port 47821 is free",
      "/home/u/.config/lich/lich.db",
      "/usr/bin/chromium",
      "2 of 8 on PATH: claude, codex",
      "bubblewrap confines a session here",
      "/usr/bin/git",
      "/usr/bin/gh"
    ])
    expect(r.totalMs).toBeGreaterThanOrEqual(Math.max(...r.checks.map((c) => c.ms)))
  })

  it("aConfigDirThatCannotBeWrittenFailsHome", async () => {
    const m = healthy({ writeFile: boom("EROFS: read-only file system") })
    expect((await verdicts(m)).home).toBe("fail")
    expect(await detail(m, "home")).toContain("EROFS")
    expect(failed(await walk(m))).toBe(true)
  })

  it("aProbeFileThatStaysBehindOnlyWarns", async () => {
    const v = await verdicts(healthy({ remove: boom("EBUSY") }))
    expect(v.home).toBe("warn")
    expect(failed(await walk(healthy({ remove: boom("EBUSY") })))).toBe(false)
  })

  it("aLogThatWillNotOpenWarnsThatLichWouldLogToStderr", async () => {
    const m = healthy({ openLog: boom("EACCES") })
    expect((await verdicts(m)).log).toBe("warn")
    expect(await detail(m, "log")).toMatch(/stderr only/)
  })

  it("aPortTakenByAStrangerFailsTheListener", async () => {
    const m = healthy({ bind: async () => addrInUse })
    expect((await verdicts(m)).listener).toBe("fail")
    expect(await detail(m, "listener")).toMatch(/^port 47821 is taken by another program/)
  })

  it("aPortHeldByTheRunningLichIsOkAndTheStoreIsSkipped", async () => {
    const m = healthy({ bind: async () => addrInUse, instance: async () => running, openStore: () => Effect.die("must not open") })
    const r = await walk(m)
    expect(r.checks.find((c) => c.name === "listener")).toMatchObject({
      verdict: "ok",
      detail: "port 47821 is held by the running lich (pid 4242)"
    })
    expect(r.checks.find((c) => c.name === "store")).toMatchObject({ verdict: "skip", detail: "held by the running lich (pid 4242)" })
    expect(failed(r)).toBe(false)
  })

  it("aLichThatHoldsThePortButDoesNotAnswerFailsTheListenerByName", async () => {
    const stale = { ...running, state: "stale" } as const
    const m = healthy({
      bind: async () => addrInUse,
      instance: async () => stale,
      alive: (pid) => pid === 4242,
      openStore: () => Effect.die("must not open")
    })
    expect((await verdicts(m)).listener).toBe("fail")
    expect(await detail(m, "listener")).toBe(
      "port 47821 is held by lich (pid 4242), which does not answer — run lich rage while it is stuck, then end it"
    )
    expect(await detail(m, "store")).toBe("held by lich (pid 4242), which does not answer")
    // a dead pid in a leftover runtime file is not a lich: whatever holds the port is a stranger
    expect(await detail(healthy({ bind: async () => addrInUse, instance: async () => stale }), "listener")).toMatch(
      /taken by another program/
    )
  })

  it("aRunningLichThatCannotSaveWarnsOnTheStoreRow", async () => {
    const m = healthy({
      bind: async () => addrInUse,
      instance: async () => running,
      storeProblem: async () => "lich.db was deleted while lich ran"
    })
    const r = await walk(m)
    expect(r.checks.find((c) => c.name === "store")).toMatchObject({
      verdict: "warn",
      detail: "held by the running lich (pid 4242), which cannot save: lich.db was deleted while lich ran"
    })
    expect(failed(r)).toBe(false)
  })

  it("aListenPortThatIsNoPortFailsTheListener", async () => {
    const m = healthy({ env: { ...healthy().env, LICH_LISTEN_PORT: "eighty" } })
    expect((await verdicts(m)).listener).toBe("fail")
  })

  it("aStoreThatWillNotOpenFails", async () => {
    const m = healthy({ openStore: () => Effect.fail("cannot open the store at x: file is not a database") })
    expect((await verdicts(m)).store).toBe("fail")
    expect(await detail(m, "store")).toContain("not a database")
  })

  it("noBrowserFailsBecauseLichWouldShowNothing", async () => {
    const m = healthy({ findBrowser: () => ({ ok: false, reason: "no Chromium-family browser found on PATH" }) })
    expect((await verdicts(m)).browser).toBe("fail")
    expect(await detail(m, "browser")).toBe("no Chromium-family browser found on PATH")
  })

  it("noProviderOnPathWarns", async () => {
    const m = healthy({ which: (n) => (n === "git" || n === "gh" ? `/usr/bin/${n}` : undefined) })
    expect((await verdicts(m)).providers).toBe("warn")
    expect(failed(await walk(m))).toBe(false)
  })

  it("claudeWithoutCurlWarnsThatItsSessionsReportNoState", async () => {
    const m = healthy({ which: (n) => (["claude", "git", "gh", "jq"].includes(n) ? `/usr/bin/${n}` : undefined) })
    expect((await verdicts(m)).providers).toBe("warn")
    expect(await detail(m, "providers")).toBe(
      "1 of 8 on PATH: claude — curl is not on PATH, so their sessions report no state (lich's hook scripts need it)"
    )
  })

  it("claudeWithoutJqIsFineButSaysWhatItsReportsLose", async () => {
    const m = healthy({ which: (n) => (["claude", "git", "gh", "curl"].includes(n) ? `/usr/bin/${n}` : undefined) })
    expect((await verdicts(m)).providers).toBe("ok")
    expect(await detail(m, "providers")).toBe(
      "1 of 8 on PATH: claude (no jq: state reports arrive without tool details, waiting reasons and titles)"
    )
  })

  it("aProviderBinaryPinnedInTheEnvironmentIsLookedUpThere", async () => {
    const m = healthy({
      env: { ...healthy().env, LICH_CRUSH_BIN: "/opt/crush" },
      which: (n) => (n === "/opt/crush" || n === "git" || n === "gh" ? n : undefined)
    })
    expect(await detail(m, "providers")).toBe("1 of 8 on PATH: crush")
  })

  it("aFoundHarnessWithoutLichsPluginIsNamedAndOneOutOfDateWarns", async () => {
    const onPath = ["omp", "kiro-cli", "crush", "git", "gh", "curl", "jq"]
    const plugins = (omp: boolean) => () => [
      { provider: "omp", installed: true, current: omp },
      { provider: "kiro", installed: false, current: false },
      { provider: "cursor", installed: false, current: false }
    ]
    const fresh = healthy({ which: (n) => (onPath.includes(n) ? `/usr/bin/${n}` : undefined), plugins: plugins(true) })
    expect((await verdicts(fresh)).providers).toBe("ok")
    expect(await detail(fresh, "providers")).toBe(
      "3 of 8 on PATH: omp, crush, kiro — lich plugin not installed for kiro (lich plugin install|update <provider>)"
    )
    const stale = healthy({ which: (n) => (onPath.includes(n) ? `/usr/bin/${n}` : undefined), plugins: plugins(false) })
    expect((await verdicts(stale)).providers).toBe("warn")
    expect(await detail(stale, "providers")).toBe(
      "3 of 8 on PATH: omp, crush, kiro — lich plugin not installed for kiro; out of date for omp (lich plugin install|update <provider>)"
    )
  })

  it("aSandboxThatWillNotStartWarns", async () => {
    const m = healthy({ confinement: () => Effect.succeed({ _tag: "Unavailable", detail: "bubblewrap (bwrap) is not on PATH" }) })
    expect((await verdicts(m)).sandbox).toBe("warn")
  })

  it("aSandboxThatConfinesNothingWarns", async () => {
    const m = healthy({ confinement: () => Effect.succeed({ _tag: "Leaks", detail: "a confined child read a file in the real home" }) })
    expect((await verdicts(m)).sandbox).toBe("warn")
    expect(await detail(m, "sandbox")).toMatch(/runs? on the machine/)
  })

  it("aPlatformWithNoSandboxBackendSkipsTheCheck", async () => {
    expect((await verdicts(healthy({ platform: "darwin" }))).sandbox).toBe("skip")
  })

  it("aGitOlderThan238WarnsThatBaseStandingCannotTellAConflict", async () => {
    const m = healthy({ gitVersion: () => "git version 2.37.1" })
    expect((await verdicts(m)).git).toBe("warn")
    expect(await detail(m, "git")).toBe(
      "/usr/bin/git is git 2.37.1, older than 2.38: base standing cannot tell whether a branch would conflict"
    )
    expect(await detail(healthy(), "git")).toBe("/usr/bin/git")
  })

  it("missingGitAndGhOnlyWarn", async () => {
    const m = healthy({ which: (n) => (n === "claude" ? "/usr/bin/claude" : undefined) })
    const v = await verdicts(m)
    expect([v.git, v.gh]).toEqual(["warn", "warn"])
    expect(failed(await walk(m))).toBe(false)
  })
})
