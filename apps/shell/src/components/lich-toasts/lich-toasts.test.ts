import { describe, expect, it } from "vitest"
import { MAX_TOASTS, pushToast } from "./view.js"

const t = (n: number) => ({ kind: "waiting" as const, text: `s${n} needs your input`, detail: "", target: `s${n}` })

describe("the toast stack", () => {
  it("keeps the newest few, dropping the oldest", () => {
    let list = pushToast([], t(0), 0)
    for (let i = 1; i < 6; i++) list = pushToast(list, t(i), i)
    expect(list).toHaveLength(MAX_TOASTS)
    expect(list.map((x) => x.target)).toEqual(["s2", "s3", "s4", "s5"])
  })

  it("repeats a toast for a repeated event: each wait is news", () => {
    expect(pushToast(pushToast([], t(1), 0), t(1), 1)).toHaveLength(2)
  })
})
