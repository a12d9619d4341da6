import { CostReport, ProjectCost } from "@lich/contract"
import { describe, expect, it } from "vitest"
import { parseSince, READOUT_OFF_LINE, renderCost, renderCostCsv } from "./cost.js"

const contractExample = new CostReport({
  projects: [
    new ProjectCost({ project: "lich", sessions: 12, unpriced: 2, source: "mixed", costUsd: 4.3125 }),
    new ProjectCost({ project: "revu", sessions: 3, unpriced: 0, source: "priced", costUsd: 0.88 })
  ],
  sessions: 15,
  unpriced: 2,
  costUsd: 5.1925,
  source: "mixed",
  priced: 9,
  reported: 4,
  readout: true
})

describe("lich cost's output", () => {
  it("prints the contract's table and footer", () => {
    expect(renderCost(contractExample)).toBe(
      [
        "project\tsessions\tunpriced\tsource\tcost",
        "lich\t12\t2\tmixed\t$4.31",
        "revu\t3\t0\tpriced\t$0.88",
        "total\t15\t2\tmixed\t$5.19",
        "9 priced by lich, 4 reported by their provider.",
        "Lower bound: 2 unpriced of 15 sessions — their spend is not in this total."
      ].join("\n")
    )
  })
  it("says complete, drops the split line for one rung, and prints — for no rung", () => {
    const r = new CostReport({
      ...contractExample,
      projects: [new ProjectCost({ project: "x", sessions: 1, unpriced: 0, source: "", costUsd: 0 })],
      sessions: 1,
      unpriced: 0,
      costUsd: 0,
      source: "priced",
      priced: 1,
      reported: 0
    })
    const lines = renderCost(r).split("\n")
    expect(lines).toEqual([
      "project\tsessions\tunpriced\tsource\tcost",
      "x\t1\t0\t—\t$0.00",
      "total\t1\t0\tpriced\t$0.00",
      "Complete: every session in this total is priced."
    ])
  })
  it("names the setting when the readout is off", () => {
    const r = new CostReport({
      projects: [new ProjectCost({ project: "x", sessions: 2, unpriced: 2, source: "", costUsd: 0 })],
      sessions: 2,
      unpriced: 2,
      costUsd: 0,
      source: "",
      priced: 0,
      reported: 0,
      readout: false
    })
    expect(renderCost(r).split("\n").slice(-2)).toEqual([
      "Lower bound: 2 unpriced of 2 sessions — their spend is not in this total.",
      READOUT_OFF_LINE
    ])
  })
  it("writes CSV rows without a total, with an empty source cell for no rung", () => {
    const r = new CostReport({
      ...contractExample,
      projects: [...contractExample.projects, new ProjectCost({ project: "a,b", sessions: 1, unpriced: 1, source: "", costUsd: 0 })]
    })
    expect(renderCostCsv(r)).toBe(
      'project,sessions,unpriced,source,cost_usd\nlich,12,2,mixed,4.312500\nrevu,3,0,priced,0.880000\n"a,b",1,1,,0.000000'
    )
  })
  it("reads --since windows", () => {
    expect([parseSince("7d"), parseSince("24h"), parseSince("90m")]).toEqual([604_800_000, 86_400_000, 5_400_000])
    expect([parseSince("7"), parseSince("1w"), parseSince("0h"), parseSince("-1d")]).toEqual([undefined, undefined, undefined, undefined])
  })
})
