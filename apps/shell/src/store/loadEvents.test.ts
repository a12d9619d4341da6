import { describe, expect, it } from "vitest"
import { LoadEvents } from "./loadEvents.js"

describe("LoadEvents", () => {
  it("hands a landed load the events taken since it began, and keeps nothing while no load is out", () => {
    const l = new LoadEvents<string>()
    l.take("before")
    l.begin(1)
    l.take("a")
    l.take("b")
    expect(l.landed(1)).toEqual(["a", "b"])
    l.take("idle")
    l.begin(2)
    expect(l.landed(2)).toEqual([])
  })

  it("gives each of two overlapping loads the events since its own start, whichever lands first", () => {
    const l = new LoadEvents<string>()
    l.begin(1)
    l.take("a")
    l.begin(2)
    l.take("b")
    // The earlier lands first: everything since it began; the later still sees what came after its start.
    expect(l.landed(1)).toEqual(["a", "b"])
    l.take("c")
    expect(l.landed(2)).toEqual(["b", "c"])
  })

  it("ends the earlier loads with a later one: an earlier picture landing after it gets nothing to lay", () => {
    const l = new LoadEvents<string>()
    l.begin(1)
    l.begin(2)
    l.take("a")
    expect(l.landed(2)).toEqual(["a"])
    expect(l.landed(1)).toEqual([])
  })
})
