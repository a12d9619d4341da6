import { describe, expect, it } from "vitest"
import { platformOf, renderDoctor, verdictLine } from "./doctor.js"

const check = (name: string, verdict: "ok" | "warn" | "fail" | "skip", ms: number, detail: string) => ({ name, verdict, ms, detail })

describe("doctor's report", () => {
  it("prints the contract's rows, total and verdict", () => {
    const text = renderDoctor("0.25.0", "linux/amd64", {
      checks: [
        check("home", "ok", 1.2, "/home/u/.config/lich is writable"),
        check("log", "ok", 0.1, "/home/u/.config/lich/lich.log"),
        check("store", "skip", 0.2, "held by the running lich (pid 4242)"),
        check("sandbox", "ok", 11.4, "bubblewrap confines a session here")
      ],
      totalMs: 17.2
    })
    expect(text).toBe(
      [
        "lich v0.25.0 — linux/amd64",
        "",
        "  ok    home          1ms  /home/u/.config/lich is writable",
        "  ok    log          <1ms  /home/u/.config/lich/lich.log",
        "  skip  store        <1ms  held by the running lich (pid 4242)",
        "  ok    sandbox      11ms  bubblewrap confines a session here",
        "        total        17ms",
        "",
        "lich starts here — nothing is in the way."
      ].join("\n")
    )
  })
  it("counts warnings and failures in words that agree with the number", () => {
    expect(verdictLine([check("gh", "warn", 0, "")])).toBe("lich starts. 1 warning above limits something it offers.")
    expect(verdictLine([check("gh", "warn", 0, ""), check("git", "warn", 0, "")])).toBe(
      "lich starts. 2 warnings above limit something it offers."
    )
    expect(verdictLine([check("home", "fail", 0, ""), check("gh", "warn", 0, "")])).toBe("1 check above stops a launch here. Fix it first.")
    expect(verdictLine([check("home", "fail", 0, ""), check("store", "fail", 0, "")])).toBe(
      "2 checks above stop a launch here. Fix them first."
    )
  })
  it("names the platform as Go did", () => {
    expect(platformOf("linux", "x64")).toBe("linux/amd64")
    expect(platformOf("darwin", "arm64")).toBe("darwin/arm64")
  })
})
