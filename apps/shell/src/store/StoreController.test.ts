import type { ReactiveController, ReactiveControllerHost } from "lit"
import { describe, expect, it } from "vitest"
import { Store } from "./Store.js"
import { StoreController } from "./StoreController.js"

/** A panel's own store, the way a dock or a timeline would hold its state beside the window's. */
class Counts extends Store<{ readonly seen: number; readonly other: string }> {
  constructor() {
    super({ seen: 0, other: "" })
  }
  saw() {
    this.set({ seen: this.state.seen + 1 })
  }
  note(other: string) {
    this.set({ other })
  }
}

/** What Lit's element is to a controller: who it added, and how often it was asked to render again. */
const host = () => {
  const controllers: Array<ReactiveController> = []
  const h = {
    renders: 0,
    addController: (c: ReactiveController) => void controllers.push(c),
    removeController: () => {},
    requestUpdate: () => void h.renders++,
    updateComplete: Promise.resolve(true),
    connect: () => {
      for (const c of controllers) c.hostConnected?.()
    },
    disconnect: () => {
      for (const c of controllers) c.hostDisconnected?.()
    }
  }
  return h as typeof h & ReactiveControllerHost
}

describe("a component holding a store", () => {
  it("renders again when the part it reads changes, and only while it is connected", () => {
    const h = host()
    const counts = new Counts()
    const c = new StoreController(h, counts, (s) => s.seen)
    counts.saw()
    expect(h.renders).toBe(0)
    h.connect()
    counts.saw()
    counts.note("not read here")
    expect(h.renders).toBe(1)
    expect(c.value).toBe(2)
    h.disconnect()
    counts.saw()
    expect(h.renders).toBe(1)
  })
})
