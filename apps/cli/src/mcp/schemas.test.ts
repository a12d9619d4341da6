import { describe, expect, it } from "@effect/vitest"
import {
  ControlAction,
  MAX_ANSWER_BYTES,
  MAX_PROMPT_BYTES,
  MAX_TOOL_WAIT_SECONDS,
  toolInputJsonSchema,
  toolInputs,
  toolNames
} from "@lich/contract"
import { Effect, Either } from "effect"
import { LichClient } from "../layers.js"
import { type Args, decodeArgs } from "./args.js"
import { tools } from "./tools.js"

const byName = (name: string) => tools.find((t) => t.name === name)!
const props = (name: string) => byName(name).inputSchema.properties as unknown as Record<string, Record<string, unknown>>
const decode = (name: keyof typeof toolInputs, args: Args) =>
  Effect.map(Effect.either(decodeArgs(toolInputs[name] as never)(args)), (r) => (Either.isLeft(r) ? r.left.message : r.right))
/** What a tool call answers when its arguments are refused: no backend, so nothing else could answer. */
const called = (name: string, args: Args) => Effect.either(byName(name).run(args)).pipe(Effect.provide(LichClient.test({})))

describe("the tool table", () => {
  it("has the contract's fourteen tools in its order, then lich's own list_errands, with readOnlyHint on the four list tools only", () => {
    expect(tools.map((t) => t.name)).toEqual(toolNames)
    expect(toolNames).toEqual([
      "list_sessions",
      "send_to_session",
      "wait_for_answer",
      "reply_to_session",
      "open_session",
      "close_session",
      "rename_session",
      "control_session",
      "ask_session",
      "list_worktrees",
      "list_folders",
      "file_session",
      "rename_folder",
      "color_folder",
      "list_errands"
    ])
    expect(tools.filter((t) => t.readOnly).map((t) => t.name)).toEqual(["list_sessions", "list_worktrees", "list_folders", "list_errands"])
  })

  it("lists each tool's input as generated from the contract's schema of that name", () => {
    for (const t of tools)
      expect([t.name, t.inputSchema]).toEqual([t.name, toolInputJsonSchema(toolInputs[t.name as keyof typeof toolInputs])])
  })

  it("lists every input as a plain object schema: no $schema, $defs, $ref or additionalProperties, every parameter typed and described", () => {
    for (const t of tools) {
      expect(Object.keys(t.inputSchema).filter((k) => !["type", "properties", "required"].includes(k))).toEqual([])
      expect(t.inputSchema.type).toBe("object")
      expect(JSON.stringify(t.inputSchema)).not.toMatch(/"\$(schema|defs|ref|id)"/)
      for (const r of t.inputSchema.required ?? []) expect(t.inputSchema.properties).toHaveProperty(r)
      for (const p of Object.values(props(t.name))) {
        expect(["string", "number", "boolean"]).toContain(p.type)
        expect(typeof p.description).toBe("string")
      }
    }
    expect(Object.keys(props("list_sessions"))).toEqual(["host"])
  })

  it("requires what the contract requires, and nothing else", () => {
    expect(Object.fromEntries(tools.map((t) => [t.name, t.inputSchema.required ?? []]))).toEqual({
      list_sessions: [],
      send_to_session: ["session", "prompt"],
      wait_for_answer: [],
      reply_to_session: ["answer"],
      open_session: [],
      close_session: ["session"],
      rename_session: ["label"],
      control_session: ["session", "action"],
      ask_session: ["session", "question"],
      list_worktrees: [],
      list_folders: [],
      file_session: ["folder"],
      rename_folder: ["folder", "to"],
      color_folder: ["folder", "color"],
      list_errands: []
    })
  })

  it("names the contract's parameters, with their types and word lists", () => {
    const typed = (name: string) => Object.fromEntries(Object.entries(props(name)).map(([k, p]) => [k, p.enum ?? p.type]))
    expect(typed("send_to_session")).toEqual({
      session: "string",
      prompt: "string",
      project: "string",
      timeout_seconds: "number",
      private: "boolean",
      host: "string"
    })
    expect(typed("wait_for_answer")).toEqual({ ticket: "string", timeout_seconds: "number", no_wait: "boolean", host: "string" })
    expect(typed("open_session")).toEqual({
      project: "string",
      kind: "string",
      worktree: "string",
      base: "string",
      model: "string",
      effort: "string",
      ultracode: "boolean",
      folder: "string",
      prompt: "string",
      private: "boolean",
      host: "string"
    })
    expect(typed("close_session")).toEqual({ session: "string", project: "string", worktree: ["keep", "remove"], force: "boolean" })
    expect(typed("control_session")).toEqual({
      session: "string",
      action: ControlAction.literals,
      value: "string",
      args: "string",
      project: "string"
    })
    expect(Object.keys(props("rename_session"))).toEqual(["label", "session", "project"])
    expect(Object.keys(props("file_session"))).toEqual(["folder", "session", "project"])
  })

  it("states the bounds from the contract's constants", () => {
    expect(MAX_TOOL_WAIT_SECONDS).toBe(90)
    expect(props("send_to_session").timeout_seconds!.description).toContain(`at most ${MAX_TOOL_WAIT_SECONDS}`)
    expect(props("send_to_session").prompt!.description).toContain(`At most ${MAX_PROMPT_BYTES} bytes.`)
    expect(props("open_session").prompt!.description).toContain(`At most ${MAX_PROMPT_BYTES} bytes.`)
    expect(props("reply_to_session").answer!.description).toContain(`At most ${MAX_ANSWER_BYTES / 1024} KiB.`)
  })
})

describe("text arguments", () => {
  it.effect("take any scalar a model puts there, as its string", () =>
    Effect.gen(function* () {
      for (const [v, s] of [
        ["lich", "lich"],
        [42, "42"],
        [true, "true"],
        [1.5, "1.5"]
      ] as const) {
        expect(yield* decode("list_folders", { project: v })).toEqual({ project: s })
      }
    })
  )

  it.effect("read a field left out, or sent as null, as empty when it is optional", () =>
    Effect.gen(function* () {
      expect(yield* decode("list_folders", {})).toEqual({ project: "" })
      expect(yield* decode("list_folders", { project: null })).toEqual({ project: "" })
    })
  )

  it.effect("refuse an object or a list, naming the field", () =>
    Effect.gen(function* () {
      expect(yield* decode("list_folders", { project: { a: 1 } })).toBe("project must be text, and this call passed an object")
      expect(yield* decode("list_folders", { project: ["a"] })).toBe("project must be text, and this call passed a list")
    })
  )

  it.effect("refuse a required field that is missing, but accept it empty — a missing field is not an empty one", () =>
    Effect.gen(function* () {
      const why = 'folder is required: name the folder to file the session under, or pass "" to take it out of its folder'
      expect(yield* decode("file_session", {})).toBe(why)
      expect(yield* decode("file_session", { folder: null })).toBe(why)
      expect(yield* decode("file_session", { folder: "" })).toEqual({ folder: "", target: "", project: "" })
    })
  )

  it.effect("refuse an empty value where empty names nothing", () =>
    Effect.gen(function* () {
      expect(yield* decode("close_session", { session: "  " })).toBe("session is empty: name the session to close")
      expect(yield* decode("close_session", {})).toBe("session is required: name the session to close")
      expect(yield* decode("close_session", { session: 7 })).toMatchObject({ target: "7" })
    })
  )

  it.effect("take one of a fixed set of words, or nothing, and refuse any other word", () =>
    Effect.gen(function* () {
      expect(yield* decode("close_session", { session: "a", worktree: "keep" })).toMatchObject({ worktree: "keep" })
      expect(yield* decode("close_session", { session: "a" })).toMatchObject({ worktree: "" })
      expect(yield* decode("close_session", { session: "a", worktree: "delete" })).toBe('worktree takes "keep" or "remove", not "delete"')
      expect(yield* decode("close_session", { session: "a", worktree: 5 })).toBe('worktree takes "keep" or "remove", not "5"')
      expect(yield* decode("control_session", { session: "a", action: "reboot" })).toBe(
        'action takes prompt, abort, model, effort, command, not "reboot"'
      )
      expect(yield* decode("control_session", { session: "a", action: " " })).toBe(
        "action is empty: say what to do: prompt, abort, model, effort, command"
      )
    })
  )

  it.effect("ask for a control's value where the action is nothing without one", () =>
    Effect.gen(function* () {
      expect(yield* decode("control_session", { session: "a", action: "prompt" })).toBe(
        "value is required: the prompt action needs the prompt's text"
      )
      expect(yield* decode("control_session", { session: "a", action: "command", value: "" })).toBe(
        "value is empty: the command action needs the slash command's name"
      )
      expect(yield* decode("control_session", { session: "a", action: "model" })).toEqual({
        target: "a",
        action: "model",
        args: "",
        project: ""
      })
    })
  )
})

describe("flags", () => {
  it.effect('are on only for true and the string "true"', () =>
    Effect.gen(function* () {
      expect(yield* decode("close_session", { session: "a", force: true })).toMatchObject({ force: true })
      expect(yield* decode("close_session", { session: "a", force: "true" })).toMatchObject({ force: true })
      for (const v of [false, "false", "yes", "TRUE", 1, "1", null, undefined, {}]) {
        expect(yield* decode("close_session", { session: "a", force: v })).toMatchObject({ force: false })
      }
      expect(yield* decode("close_session", { session: "a" })).toMatchObject({ force: false })
    })
  )

  it.effect("refuse the combinations a tool cannot act on, naming the flag", () =>
    Effect.gen(function* () {
      expect(yield* decode("wait_for_answer", { ticket: "a1b2c3d4", no_wait: true })).toBe(
        "no_wait is for collecting without a ticket; to wait on one errand, leave no_wait out"
      )
      expect(yield* decode("open_session", { private: "true" })).toMatch(
        /^private is about the task's hand-off, and this call carries no prompt/
      )
      expect(yield* decode("wait_for_answer", { no_wait: true })).toEqual({ ticket: "", timeout: 90, noWait: true, host: "" })
    })
  )
})

describe("timeout_seconds", () => {
  const timeout = (v: unknown) => Effect.map(decode("wait_for_answer", { timeout_seconds: v }), (w) => (w as { timeout: number }).timeout)

  it.effect("takes a number or a numeric string", () =>
    Effect.gen(function* () {
      expect(yield* timeout(30)).toBe(30)
      expect(yield* timeout("45")).toBe(45)
      expect(yield* timeout(" 2.5 ")).toBe(2.5)
      expect(yield* timeout(0.1)).toBe(0.1)
    })
  )

  it.effect("is clamped to 90 seconds, the longest a tool call may hold the line", () =>
    Effect.gen(function* () {
      for (const v of [600, "1e9", 90]) expect(yield* timeout(v)).toBe(90)
    })
  )

  it.effect("means the full 90 seconds when zero, negative, missing or not a number", () =>
    Effect.gen(function* () {
      for (const v of [0, -5, "0", "-1", "", "soon", null, undefined, true, Number.NaN, Number.POSITIVE_INFINITY])
        expect(yield* timeout(v)).toBe(90)
      expect(yield* decode("wait_for_answer", {})).toMatchObject({ timeout: 90 })
    })
  )
})

describe("a refused call", () => {
  it.effect("fails with one line naming the field, before anything reaches lich", () =>
    Effect.gen(function* () {
      const cases: Array<[string, Args, string]> = [
        ["send_to_session", { prompt: "do it" }, "session is required: "],
        ["send_to_session", { session: "x", prompt: { text: "do it" } }, "prompt must be text"],
        ["reply_to_session", { answer: " " }, "answer is empty: "],
        ["rename_folder", { folder: "A" }, "to is required: "],
        ["control_session", { session: "x", action: "reboot" }, "action takes "]
      ]
      for (const [name, args, start] of cases) {
        const r = yield* called(name, args)
        const message = Either.isLeft(r) ? r.left.message : "accepted"
        expect([name, Either.isLeft(r) && r.left._tag, message.startsWith(start), message.includes("\n")]).toEqual([
          name,
          "Refusal",
          true,
          false
        ])
      }
    })
  )
})
