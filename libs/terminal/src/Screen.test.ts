import { describe, expect, it } from "vitest"
import { initialScan, printable, type ScreenRules, scanScreen } from "./Screen.js"

const codex: ScreenRules = {
  ready: ["Ask Codex to do anything"],
  dialogs: [{ marker: "Trust and continue", reason: "trust?" }]
}

const feed = (chunks: ReadonlyArray<string>) => {
  let scan = initialScan
  return chunks.map((c) => {
    const r = scanScreen(codex, scan, c)
    scan = r.scan
    return r.finding?._tag ?? "-"
  })
}

describe("reading a provider's start-up screen", () => {
  it("finds a phrase whose words a TUI placed with cursor moves and colours", () => {
    expect(printable("\x1b[21;27H\x1b[38;5;8mAsk\x1b[1C Codex\x1b[0m to\r\n do anything")).toBe("AskCodextodoanything")
    expect(feed(["\x1b[2J\x1b[5;3H›  \x1b[2mAsk Codex\x1b[22m to do anything"])).toEqual(["Ready"])
  })

  it("finds a marker split across two reads, escape sequence included", () => {
    expect(feed(["› Ask Codex to \x1b[3", "8;5;8mdo anything"])).toEqual(["-", "Ready"])
  })

  it("lets the newest marker win: a dialog drawn over the composer holds, the composer drawn again releases", () => {
    expect(feed(["› Ask Codex to do anything", "Trust this folder? › 1. Trust and continue", "\x1b[2J› Ask Codex to do anything"])).toEqual(
      ["Ready", "Dialog", "Ready"]
    )
    expect(feed(["› Ask Codex to do anything … 1. Trust and continue"])).toEqual(["Dialog"])
  })

  it("reports a marker once, not again with every read after it", () => {
    expect(feed(["Trust and continue", "  repaint of the clock  ", "more"])).toEqual(["Dialog", "-", "-"])
  })

  it("takes a plugin's signal, an escape sequence, as ready even when split across reads", () => {
    const omp: ScreenRules = { ready: ["mounted mcp__lich_"], dialogs: [], signals: ["\x1b]7788;lich-tools-mounted\x07"] }
    let scan = initialScan
    const seen = ["welcome \x1b]7788;lich-to", "ols-mounted\x07 π > ", "later"].map((c) => {
      const r = scanScreen(omp, scan, c)
      scan = r.scan
      return r.finding?._tag ?? "-"
    })
    expect(seen).toEqual(["-", "Ready", "-"])
  })

  it("says nothing about output that holds no marker", () => {
    expect(feed(["Loading…", "\x1b]0;codex\x07 booting"])).toEqual(["-", "-"])
  })
})
