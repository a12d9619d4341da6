/**
 * agent-cards before and after lich has the task: the native agent with a toast while it does not
 * (a task over 8192 bytes, an open that failed), a denial once it may (Esc while the open runs),
 * and the isolated worker's branch — its slug, its suffix, its base — and LICH_PROMPT_LANG.
 */
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { describe, expect, it } from "vitest"
import { agentCall, argvs, BIN, cardsEnv, NATIVE, opened, ran, session, world } from "./cardsHarness.js"
import { deferred, settle } from "./fakeEngine.js"

const mod = (name: string) => pathToFileURL(path.resolve(__dirname, "..", "..", "hooks", "hooks", "mod", name)).href
const { slugOf, idSuffix, branchName } = (await import(mod("cards-open.js"))) as {
  slugOf: (d: unknown) => string
  idSuffix: (id: unknown) => string
  branchName: (d: unknown, id: unknown) => string
}
const { promptText, languages } = (await import(mod("prompt-text.js"))) as {
  promptText: (lang: unknown) => Record<string, unknown>
  languages: () => Array<string>
}

describe("the native fallback, before lich has the task", () => {
  const toastsOf = (eng: Awaited<ReturnType<typeof session>>) => eng.toasts.map((t) => t.text)

  it("a task over 8192 bytes runs natively with a toast, and lich opens nothing", async () => {
    const eng = await session(cardsEnv, world(ran(opened({ status: "pending" }))))
    const { core, answer } = await agentCall(eng, { prompt: "€".repeat(2731) })
    expect(await answer).toEqual(NATIVE)
    expect(core.nativeSpawns).toBe(1)
    expect(eng.runs.seen).toEqual([])
    expect(toastsOf(eng)).toEqual([expect.stringContaining("8193 bytes, over lich's 8192-byte limit")])
  })

  it("a task of exactly 8192 bytes goes to lich", async () => {
    const eng = await session(cardsEnv, world(ran(opened({ status: "pending" }))))
    const { core, answer } = await agentCall(eng, { prompt: `${"€".repeat(2730)}ab` })
    expect(((await answer).result as Record<string, unknown>).status).toBe("async_launched")
    expect(core.nativeSpawns).toBe(0)
  })

  it("an open that failed runs natively, the toast saying why", async () => {
    const eng = await session(cardsEnv, world(ran("", 1, "lich: --subagent needs a calling session\n")))
    const { core, answer } = await agentCall(eng)
    expect(await answer).toEqual(NATIVE)
    expect(core.nativeSpawns).toBe(1)
    expect(toastsOf(eng)).toEqual([expect.stringContaining(": --subagent needs a calling session. It runs inside Claude Code")])
  })

  it("an open whose task never went out names the card it left", async () => {
    const eng = await session(
      cardsEnv,
      world(ran(opened(undefined), 1, 'lich: the task did not reach "Session 4": retry with lich send\n'))
    )
    const { core, answer } = await agentCall(eng)
    expect(await answer).toEqual(NATIVE)
    expect(core.nativeSpawns).toBe(1)
    expect(toastsOf(eng)[0]).toContain('(session "Session 4" was opened)')
  })

  it("a lich that cannot start (process.run rejects) runs natively with a toast", async () => {
    const eng = await session(cardsEnv, (argv) => (argv[1] === "open" ? Promise.reject(new Error("spawn ENOENT")) : ran("")))
    const { core, answer } = await agentCall(eng)
    expect(await answer).toEqual(NATIVE)
    expect(core.nativeSpawns).toBe(1)
    expect(toastsOf(eng)).toEqual([expect.stringContaining("spawn ENOENT")])
  })
})

describe("Esc while the open runs", () => {
  const escDuring = async (outcome: (gate: ReturnType<typeof deferred<unknown>>) => void) => {
    const gate = deferred<unknown>()
    const eng = await session(cardsEnv, (argv) => (argv[1] === "open" ? gate.promise : ran("[]")))
    const { core, answer } = await agentCall(eng)
    await settle()
    core.esc.abort()
    outcome(gate)
    return { eng, core, result: await answer }
  }

  it("denies the call and starts no native agent, once lich answered", async () => {
    const { core, result, eng } = await escDuring((gate) => gate.resolve(ran(opened({ status: "pending" }))))
    expect(core.nativeSpawns).toBe(0)
    expect(result.deny).toContain('Interrupted while lich was opening the session "Session 4"')
    expect(result.deny).toContain("[lich] note")
    expect(eng.toasts).toEqual([])
  })

  it("denies it too when the open was cut short", async () => {
    const { core, result } = await escDuring((gate) => gate.reject(new Error("aborted")))
    expect(core.nativeSpawns).toBe(0)
    expect(result.deny).toContain("Interrupted while lich was opening a session")
  })
})

describe("the isolated worker's branch", () => {
  it("slugs the description: 2 to 5 words, 10 to 40 characters, letters and digits in any script", () => {
    expect(slugOf("Fix the flaky login tests")).toBe("fix-the-flaky-login-tests")
    expect(slugOf("Fix the flaky login tests in CI, again")).toBe("fix-the-flaky-login-tests")
    expect(slugOf("a b c d e f g")).toBe("a-b-c-d-e-f")
    expect(slugOf("Refactor authentication-middleware; internationalisation")).toBe("refactor-authentication-middleware")
    expect(slugOf(`${"x".repeat(50)} tail`)).toBe("x".repeat(40))
    expect(slugOf("修复 登录 测试")).toBe("修复-登录-测试")
    expect(slugOf("Исправить тесты входа")).toBe("исправить-тесты-входа")
    expect(slugOf("परीक्षण ठीक करो")).toBe("परीक्षण-ठीक-करो")
    expect(slugOf("Port v2 API to 3.12")).toBe("port-v2-api-to-3")
  })

  it("falls back to agent when nothing is left", () => {
    for (const d of ["", "  ", "!!! ???", "— · —", undefined]) expect(slugOf(d)).toBe("agent")
  })

  it("ends in - and the last four letters or digits of the call's id, under subagent/", () => {
    expect(idSuffix("toolu_01AbCd9z")).toBe("Cd9z")
    expect(idSuffix("call-_-x-1")).toBe("llx1")
    expect(idSuffix("__")).toBe("")
    expect(branchName("Fix the flaky login tests", "toolu_01AbCd9z")).toBe("subagent/fix-the-flaky-login-tests-Cd9z")
    expect(branchName("???", "toolu_0000Q7")).toBe("subagent/agent-00Q7")
  })

  it("opens the worktree off the asking session's branch", async () => {
    const eng = await session(cardsEnv, world(ran(opened({ status: "pending" })), ran("feature/login\n")))
    await (await agentCall(eng, { isolation: "worktree" })).answer
    expect(argvs(eng)).toEqual([
      ["git", "branch", "--show-current"],
      [
        BIN,
        "open",
        "--kind",
        "claude",
        "--subagent",
        "--worktree",
        "subagent/fix-the-flaky-login-tests-Cd9z",
        "--base",
        "feature/login",
        "--prompt",
        expect.any(String),
        "--json"
      ]
    ])
  })

  it("leaves the base to lich on a detached HEAD, or when git cannot answer", async () => {
    for (const git of [ran("\n"), ran("", 128, "fatal: not a git repository"), () => Promise.reject(new Error("no git"))]) {
      const eng = await session(cardsEnv, world(ran(opened({ status: "pending" })), git))
      await (await agentCall(eng, { isolation: "worktree" })).answer
      expect(argvs(eng)[1]).toEqual([
        BIN,
        "open",
        "--kind",
        "claude",
        "--subagent",
        "--worktree",
        "subagent/fix-the-flaky-login-tests-Cd9z",
        "--prompt",
        expect.any(String),
        "--json"
      ])
    }
  })

  it("says the worker has a worktree and branch of its own in the context line", async () => {
    const eng = await session(cardsEnv, world(ran(opened({ status: "pending" }, { path: "/wt/1a2b/fix" }))))
    const result = await (await agentCall(eng, { isolation: "worktree" })).answer
    const [line] = result.context as Array<string>
    expect(line).toContain("in a worktree of its own at /wt/1a2b/fix on branch subagent/fix-the-flaky-login-tests-Cd9z")
    expect(line).not.toContain("same checkout")
  })
})

describe("LICH_PROMPT_LANG", () => {
  it("reads English when unset or unknown, and for every English spelling", () => {
    const en = promptText("en")
    for (const lang of [undefined, "", "EN", "en-US", "en_GB.UTF-8", "xx", "tlh"]) expect(promptText(lang)).toBe(en)
  })

  it("gives every text in every language it holds", () => {
    const keys = Object.keys(promptText("en")).sort()
    expect(keys.length).toBeGreaterThan(10)
    for (const lang of languages()) expect(Object.keys(promptText(lang)).sort()).toEqual(keys)
  })

  it("writes the agent's text in English under an unknown language", async () => {
    const eng = await session({ ...cardsEnv, LICH_PROMPT_LANG: "xx" }, world(ran(opened({ status: "pending" }))))
    const result = await (await agentCall(eng)).answer
    expect((result.context as Array<string>)[0]).toContain("Its report arrives on its own as a [lich] note")
    expect(eng.envReads).toContain("LICH_PROMPT_LANG")
  })
})
