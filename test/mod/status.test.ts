/**
 * mod-status under a fake Claude Code engine: the footer text for every combination of errands,
 * the read of GET /mod/status at the start and every 5 s, the redraw when the text changes, and
 * the line appended to the footer's mode labels (SessionMode) — or nothing, after a failure.
 */
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { describe, expect, it } from "vitest"
import { type Engine, load, settle } from "./fakeEngine.js"

const statusModule = pathToFileURL(path.resolve(__dirname, "..", "..", "hooks", "hooks", "mod", "status.js")).href
const { statusLine } = (await import(statusModule)) as { statusLine: (view: unknown) => string | undefined }

const owed = (from: string) => ({ ticket: "t", from, asked: "q" })
const open = (state: string) => ({ ticket: "t", target: "w", state })
const ready = { ticket: "t", target: "w", status: "answered" }

describe("the footer text", () => {
  it("says nothing when nothing is open", () => {
    expect(statusLine({ owed: [], open: [], ready: [] })).toBeUndefined()
    expect(statusLine({})).toBeUndefined()
    expect(statusLine(undefined)).toBeUndefined()
  })

  it("names whom the session owes an answer", () => {
    expect(statusLine({ owed: [owed("auth-fix")], open: [], ready: [] })).toBe('lich: owes "auth-fix" an answer')
    expect(statusLine({ owed: [owed("")], open: [], ready: [] })).toBe("lich: owes the command line an answer")
    expect(statusLine({ owed: [owed("a"), owed("a")], open: [], ready: [] })).toBe('lich: owes "a" 2 answers')
    expect(statusLine({ owed: [owed("a"), owed("b")], open: [], ready: [] })).toBe("lich: owes 2 sessions answers")
    expect(statusLine({ owed: [owed("a"), owed("b"), owed("a")], open: [], ready: [] })).toBe("lich: owes 2 sessions answers")
  })

  it("counts tasks out, and those waiting on a person", () => {
    expect(statusLine({ owed: [], open: [open("busy")], ready: [] })).toBe("lich: 1 task out")
    expect(statusLine({ owed: [], open: [open("busy"), open("")], ready: [] })).toBe("lich: 2 tasks out")
    expect(statusLine({ owed: [], open: [open("waiting")], ready: [] })).toBe("lich: 1 task out (1 waiting)")
    expect(statusLine({ owed: [], open: [open("waiting"), open("busy"), open("waiting")], ready: [] })).toBe(
      "lich: 3 tasks out (2 waiting)"
    )
  })

  it("counts answers to collect", () => {
    expect(statusLine({ owed: [], open: [], ready: [ready] })).toBe("lich: 1 answer to collect")
    expect(statusLine({ owed: [], open: [], ready: [ready, ready] })).toBe("lich: 2 answers to collect")
  })

  it("joins the parts that are not empty, in order", () => {
    const all = { owed: [owed("x")], open: [open("waiting"), open("done")], ready: [ready, ready, ready] }
    expect(statusLine(all)).toBe('lich: owes "x" an answer · 2 tasks out (1 waiting) · 3 answers to collect')
    expect(statusLine({ ...all, open: [] })).toBe('lich: owes "x" an answer · 3 answers to collect')
    expect(statusLine({ ...all, ready: [] })).toBe('lich: owes "x" an answer · 2 tasks out (1 waiting)')
    expect(statusLine({ ...all, owed: [] })).toBe("lich: 2 tasks out (1 waiting) · 3 answers to collect")
  })
})

describe("the status poll", () => {
  const render = (eng: Engine) =>
    eng.dispatch("ui.render", { component: "SessionMode", surface: "terminal", requestId: "r", props: { modes: ["focus"] } }) as Promise<{
      props: { modes: Array<string> }
    }>

  const startedStatus = async () => {
    const eng = await load()
    await eng.start()
    const first = await eng.fireUntil("/mod/status")
    return { eng, first }
  }

  it("reads at once, then every 5 s, and draws the line after the footer's own labels", async () => {
    const { eng, first } = await startedStatus()
    expect(first.timer.ms).toBe(0)
    expect(first.request.method).toBe("GET")
    expect(first.request.url.searchParams.get("session_id")).toBe("s-1")
    expect(first.request.url.searchParams.get("token")).toBe("00ff00ff")
    expect(first.request.headers["X-Lich-Plugin"]).toBe("0.19.0")
    expect((await render(eng)).props.modes).toEqual(["focus"])

    first.request.respond(200, JSON.stringify({ owed: [], open: [open("busy")], ready: [] }))
    const second = await eng.fireUntil("/mod/status")
    expect(second.timer.ms).toBe(5000)
    expect(eng.invalidations()).toBe(1)
    expect((await render(eng)).props.modes).toEqual(["focus", "lich: 1 task out"])

    second.request.respond(200, JSON.stringify({ owed: [], open: [open("busy")], ready: [] }))
    const third = await eng.fireUntil("/mod/status")
    expect(third.timer.ms).toBe(5000)
    // The same text again: no redraw asked.
    expect(eng.invalidations()).toBe(1)

    third.request.respond(200, JSON.stringify({ owed: [], open: [], ready: [] }))
    await eng.fireUntil("/mod/status")
    expect(eng.invalidations()).toBe(2)
    expect((await render(eng)).props.modes).toEqual(["focus"])
  })

  it("shows nothing after a failed read, and polls on", async () => {
    const { eng, first } = await startedStatus()
    first.request.respond(200, JSON.stringify({ owed: [], open: [], ready: [ready] }))
    const second = await eng.fireUntil("/mod/status")
    expect((await render(eng)).props.modes).toEqual(["focus", "lich: 1 answer to collect"])
    second.request.fail()
    const third = await eng.fireUntil("/mod/status")
    expect(third.timer.ms).toBe(5000)
    expect((await render(eng)).props.modes).toEqual(["focus"])
    third.request.respond(500)
    expect((await eng.fireUntil("/mod/status")).timer.ms).toBe(5000)
  })

  it("stops for good on a 404, its line gone", async () => {
    const { eng, first } = await startedStatus()
    first.request.respond(200, JSON.stringify({ owed: [owed("a")], open: [], ready: [] }))
    const second = await eng.fireUntil("/mod/status")
    second.request.respond(404)
    await settle()
    while (eng.timers.pending.length > 0) (await eng.timers.next()).fire()
    await settle()
    expect(eng.requests.seen.filter((r) => r.path === "/mod/status")).toHaveLength(2)
    expect((await render(eng)).props.modes).toEqual(["focus"])
  })
})
