import { describe, expect, it } from "vitest"
import type { WindowStateWire } from "../api/wire.js"
import { session } from "../logic/fixtures.js"
import { AppStore } from "./AppStore.js"
import type { Backend } from "./Backend.js"
import { DockActions } from "./DockActions.js"
import { DockStore } from "./DockStore.js"
import { GitStore } from "./GitStore.js"
import type { LandActions } from "./LandActions.js"

/** A backend that answers git.All at once and git.Review with an empty review, noting each call. */
const fakeBackend = () => {
  const loaders: Array<() => void> = []
  const calls: Array<string> = []
  const backend = {
    reloaded: (l: () => void) => void loaders.push(l),
    follow: () => () => {},
    call: async (procedure: string, payload?: { id: string }) => {
      calls.push(procedure === "git.Review" ? `git.Review ${payload?.id}` : procedure)
      return procedure === "git.Review" ? { id: payload?.id, comments: [], reviews: [] } : []
    }
  }
  return {
    backend: backend as unknown as Backend,
    calls,
    reload: () => {
      for (const l of loaders) l()
    }
  }
}

const picture = (...ids: Array<string>): WindowStateWire => ({
  projects: [{ id: "p1", name: "api", path: "/w/api", activeId: "" }],
  cards: ids.map((id) => ({ session: session(id), live: true, state: "", branch: "", color: "" }))
})

const settle = () => new Promise((r) => setTimeout(r, 0))

describe("the dock's actions", () => {
  it("reads the shown card's review once the window's picture lands after git.All, the dock open from the last visit", async () => {
    const app = new AppStore({ mac: false, focused: true, prefersDark: false })
    const git = new GitStore()
    const dock = new DockStore({ open: true, width: 520, mode: "unified", whole: false })
    const { backend, calls, reload } = fakeBackend()
    new DockActions(app, git, dock, backend, {} as LandActions)
    const n = app.beginLoad()
    reload() // git.All answers first: no card is shown yet
    await settle()
    expect(calls).toEqual(["git.All"])
    app.loaded(n, picture("s1"), () => ({ activeProject: "", shown: {} }))
    app.loadEnded(n)
    await settle()
    expect(git.state.reviews.has("s1")).toBe(true)
    // Asked once, not again at each later change of the window's state.
    app.problemFound("")
    app.loadEnded(n)
    await settle()
    expect(calls).toEqual(["git.All", "git.Review s1"])
  })
})
