import { describe, expect, it } from "@effect/vitest"
import { type MarkerScan, SETUP_DONE_MARKER, scanForMarker, setupWrapper, shellQuote } from "./SetupMarker.js"

const bytes = (s: string) => new TextEncoder().encode(s)
const scanAll = (...chunks: Array<string>): Array<MarkerScan> => {
  let tail: Uint8Array = new Uint8Array(0)
  return chunks.map((c) => {
    const scan = scanForMarker(tail, bytes(c))
    tail = scan.tail
    return scan
  })
}

describe("the setup marker matcher", () => {
  it("finds the marker inside one read and counts the bytes after it", () => {
    const [scan] = scanAll(`npm ci done\r\n${SETUP_DONE_MARKER}Welcome`)
    expect(scan).toMatchObject({ found: true, after: "Welcome".length })
  })

  it("finds the marker split across two reads at every possible split point", () => {
    for (let cut = 1; cut < SETUP_DONE_MARKER.length; cut++) {
      const scans = scanAll(`output ${SETUP_DONE_MARKER.slice(0, cut)}`, SETUP_DONE_MARKER.slice(cut))
      expect(
        scans.map((s) => s.found),
        `cut at ${cut}`
      ).toEqual([false, true])
    }
  })

  it("finds the marker split across many one-byte reads", () => {
    const scans = scanAll(...SETUP_DONE_MARKER.split(""))
    expect(scans.findIndex((s) => s.found)).toBe(SETUP_DONE_MARKER.length - 1)
  })

  it("keeps only marker length − 1 bytes between reads", () => {
    const [scan] = scanAll("x".repeat(10_000))
    expect(scan!.tail.length).toBe(SETUP_DONE_MARKER.length - 1)
  })

  it("does not take another OSC for the marker", () => {
    expect(scanAll("\x1b]6969;lich-setup-dona\x07", "\x1b]0;title\x07").some((s) => s.found)).toBe(false)
  })
})

describe("shell quoting", () => {
  it("leaves plain words alone and single-quotes the rest", () => {
    expect(shellQuote("claude")).toBe("claude")
    expect(shellQuote("--model=opus")).toBe("--model=opus")
    expect(shellQuote("")).toBe("''")
    expect(shellQuote("a b")).toBe("'a b'")
    expect(shellQuote(`it's $HOME`)).toBe(`'it'\\''s $HOME'`)
  })
})

describe("the setup wrapper", () => {
  it("runs the script in a subshell, reports a failure, prints the marker, then execs the argv", () => {
    expect(setupWrapper("npm ci", ["claude", "--resume", "a b"])).toEqual({
      file: "/bin/sh",
      args: [
        "-c",
        `(\nnpm ci\n) || echo "[lich] worktree setup failed (exit $?)"; printf '\\033]6969;lich-setup-done\\007'; exec claude --resume 'a b'`
      ]
    })
  })
})
