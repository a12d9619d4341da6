import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { AnswerText, checkBound, InsertSize, InsertText, PromptText, QuestionText } from "./bounds.js"
import { Color, Cols, ReportedState, Rows, SessionState, StatusState } from "./ids.js"
import { COLS, isColor, MAX_ANSWER_BYTES, MAX_PROMPT_BYTES, ROWS, shownStateOf, turnStateOf, utf8Bytes } from "./limits.js"

const refusal = (r: Either.Either<unknown, string>) => (Either.isLeft(r) ? r.left : "accepted")

describe("the prompt bound", () => {
  it("accepts a prompt of exactly 8192 bytes", () => {
    expect(checkBound(PromptText, "a".repeat(MAX_PROMPT_BYTES))).toEqual(Either.right("a".repeat(8192)))
  })

  it("refuses 8193 bytes with the one line the CLI prints", () => {
    expect(refusal(checkBound(PromptText, "a".repeat(8193)))).toBe(
      "prompt is 8193 bytes, over the 8192 limit: name the paths to read instead of pasting their contents"
    )
  })

  it("counts bytes, not characters: 2731 three-byte characters are 8193 bytes", () => {
    const text = "€".repeat(2731)
    expect(utf8Bytes(text)).toBe(8193)
    expect(refusal(checkBound(PromptText, text))).toContain("prompt is 8193 bytes")
  })

  it("refuses a blank prompt before measuring it", () => {
    expect(refusal(checkBound(PromptText, "   "))).toBe("nothing to send: the prompt is empty")
  })
})

describe("the side question's bound (lich ask)", () => {
  it("is the prompt's: 8192 bytes accepted, 8193 refused with its own line, a blank one refused first", () => {
    expect(checkBound(QuestionText, "a".repeat(MAX_PROMPT_BYTES))).toEqual(Either.right("a".repeat(8192)))
    expect(refusal(checkBound(QuestionText, "€".repeat(2731)))).toBe("the question is 8193 bytes, over the 8192-byte limit")
    expect(refusal(checkBound(QuestionText, " \t "))).toBe("ask what? The question is empty")
  })
})

describe("the answer bound", () => {
  it("accepts 64 KiB and refuses one byte more", () => {
    expect(Either.isRight(checkBound(AnswerText, "a".repeat(MAX_ANSWER_BYTES)))).toBe(true)
    expect(refusal(checkBound(AnswerText, "a".repeat(65537)))).toBe(
      "the answer is 65537 bytes, over the 65536-byte limit: write the details to a file and reply with its path"
    )
  })

  it("refuses a blank answer", () => {
    expect(refusal(checkBound(AnswerText, "\n"))).toBe("nothing to reply: the answer is empty")
  })
})

describe("the insert bound", () => {
  it("accepts 64 KiB and refuses one byte more", () => {
    expect(Either.isRight(checkBound(InsertText, "a".repeat(65536)))).toBe(true)
    expect(refusal(checkBound(InsertText, "a".repeat(65537)))).toBe(
      "the text is 65537 bytes, over the 64 KiB limit — insert the path of the file instead of its contents"
    )
  })

  it("on the server refuses blank text first, however long", () => {
    expect(refusal(checkBound(InsertText, " ".repeat(70000)))).toBe("nothing to insert: the text is empty")
  })

  it("in the CLI checks only the size: blank text is the server's to refuse", () => {
    expect(checkBound(InsertSize, "  ")).toEqual(Either.right("  "))
    expect(refusal(checkBound(InsertSize, "a".repeat(65537)))).toContain("the text is 65537 bytes")
  })
})

describe("the terminal grid", () => {
  it("takes the bounds themselves and refuses one past either end", () => {
    const ok = Schema.is(Cols)
    expect([ok(COLS.min), ok(COLS.max), ok(COLS.min - 1), ok(COLS.max + 1), ok(80.5)]).toEqual([true, true, false, false, false])
    const okRows = Schema.is(Rows)
    expect([okRows(ROWS.min), okRows(ROWS.max), okRows(ROWS.min - 1), okRows(ROWS.max + 1)]).toEqual([true, true, false, false])
  })
})

describe("the session states", () => {
  it("a hook may report compacting, never interrupted", () => {
    expect(Schema.is(ReportedState)("compacting")).toBe(true)
    expect(Schema.is(ReportedState)("interrupted")).toBe(false)
    expect(Schema.is(StatusState)("interrupted")).toBe(true)
  })

  it("the roster and the card show compacting as busy, and idle or interrupted as nothing", () => {
    expect(["busy", "compacting", "done", "waiting", "idle", "interrupted", "", "Busy"].map(shownStateOf)).toEqual([
      "busy",
      "busy",
      "done",
      "waiting",
      "",
      "",
      "",
      ""
    ])
    expect(["busy", "done", "waiting", ""].every(Schema.is(SessionState))).toBe(true)
    expect(Schema.is(SessionState)("idle")).toBe(false)
  })

  it("a turn tracker reads compacting as busy and every other state as itself", () => {
    expect((["busy", "done", "waiting", "idle", "compacting"] as const).map(turnStateOf)).toEqual([
      "busy",
      "done",
      "waiting",
      "idle",
      "busy"
    ])
  })
})

describe("the palette", () => {
  it("names eight colours and nothing else", () => {
    expect(["red", "violet", "pink"].every(isColor)).toBe(true)
    expect(["", "purple", "Red"].some(isColor)).toBe(false)
    expect(Schema.is(Color)("teal")).toBe(true)
  })
})
