import { presentableDiff } from "@codemirror/merge"
import { describe, expect, it } from "vitest"
import { lineDiff } from "./lineDiff.js"

/** The text `b` rebuilt from `a` and the changes: a diff that loses or invents text fails this. */
const apply = (a: string, b: string) => {
  let out = ""
  let at = 0
  for (const c of lineDiff(a, b)) {
    out += a.slice(at, c.fromA) + b.slice(c.fromB, c.toB)
    at = c.toA
  }
  return out + a.slice(at)
}
const changedLines = (a: string, b: string) =>
  lineDiff(a, b).map((c) => [a.slice(0, c.fromA).split("\n").length, b.slice(0, c.fromB).split("\n").length])

describe("the diff the editors show", () => {
  const lines = Array.from({ length: 5000 }, (_, i) => `export const line${i + 1} = ${i + 1}`)
  const old = `${lines.join("\n")}\n`
  const now = `${lines.map((l, i) => ((i + 1) % 100 === 0 ? `changed ${(i + 1) / 100}` : l)).join("\n")}\n`

  it("finds fifty changed lines in a 5,000-line file as fifty changes there, not one over the whole file", () => {
    // What @codemirror/merge's own diff makes of it at its default scan limit: one change, the whole file.
    expect(presentableDiff(old, now, { scanLimit: 500 })).toHaveLength(1)
    const at = changedLines(old, now)
    expect(new Set(at.map(([la]) => la))).toEqual(new Set(Array.from({ length: 50 }, (_, k) => (k + 1) * 100)))
    expect(apply(old, now)).toBe(now)
    expect(lineDiff(old, now).every((c) => c.toA - c.fromA < 40 && c.toB - c.fromB < 40)).toBe(true)
  })

  it("marks added, removed and replaced lines, and the characters inside a changed line", () => {
    const a = "one\ntwo\nthree\nfour\n"
    const b = "zero\none\ntwo!\nthree\n"
    expect(apply(a, b)).toBe(b)
    const changes = lineDiff(a, b)
    expect(changes[0]).toMatchObject({ fromA: 0, toA: 0, fromB: 0, toB: 5 })
    // "two" → "two!" is the one character added, not the line replaced.
    expect(changes.some((c) => b.slice(c.fromB, c.toB) === "!" && c.fromA === c.toA)).toBe(true)
    expect(changes.some((c) => a.slice(c.fromA, c.toA) === "four\n" && c.fromB === c.toB)).toBe(true)
    expect(apply("", "a\nb\n")).toBe("a\nb\n")
    expect(apply("a\nb\n", "")).toBe("")
    expect(lineDiff("same\n", "same\n")).toEqual([])
  })

  it("keeps a last line whose newline came or went", () => {
    expect(apply("a\nb", "a\nb\n")).toBe("a\nb\n")
    expect(apply("a\nb\n", "a\nb")).toBe("a\nb")
  })

  it("treats two files with nothing in common as one rewrite, quickly", () => {
    const a = Array.from({ length: 4000 }, (_, i) => `a${i}`).join("\n")
    const b = Array.from({ length: 4000 }, (_, i) => `b${i}`).join("\n")
    const t = performance.now()
    expect(apply(a, b)).toBe(b)
    // O(N·D) with D capped: well under a second even on a loaded machine (measured ~0.1 s).
    expect(performance.now() - t).toBeLessThan(5000)
  })
})
