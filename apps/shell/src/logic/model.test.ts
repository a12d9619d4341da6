import { describe, expect, it } from "vitest"
import { card, model, session } from "./fixtures.js"
import { applyEvent, emptyModel, fromState, selectCard, shownCard } from "./model.js"
import { relayText, relayTooltip } from "./relay.js"

describe("the window's model", () => {
  it("adopts a card opened elsewhere without taking the selection", () => {
    const m = model([card({ id: "a" })], "a")
    const { model: next } = applyEvent(m, { _tag: "session-opened", session: session("b") })
    expect(next.cards.map((c) => c.id)).toEqual(["a", "b"])
    expect(shownCard(next)?.id).toBe("a")
    expect(next.focusTick).toBe(0)
  })

  it("opens the first project it hears of as the active tab", () => {
    let m = applyEvent(emptyModel, { _tag: "project-opened", project: { id: "p9", name: "web", path: "/w" } }).model
    m = applyEvent(m, { _tag: "session-opened", session: session("x", { projectId: "p9", project: "web" }) }).model
    expect(m.activeProject).toBe("p9")
    expect(shownCard(m)?.id).toBe("x")
  })

  it("regroups and tints a card on session-folder", () => {
    const m = applyEvent(model([card({ id: "a" })]), { _tag: "session-folder", id: "a", folder: "review", color: "teal" }).model
    expect(m.cards[0]).toMatchObject({ folder: "review", color: "teal" })
  })

  it("marks and clears a relay errand, and idle clears it too", () => {
    let m = applyEvent(model([card({ id: "a" })]), {
      _tag: "session-relay",
      id: "a",
      peer: "docs",
      direction: "out",
      ticket: "ab12cd34"
    }).model
    expect(m.cards[0]!.relay).toEqual({ direction: "out", peer: "docs", ticket: "ab12cd34" })
    expect(relayText(m.cards[0]!.relay!)).toBe("→ docs")
    expect(relayTooltip(m.cards[0]!.relay!)).toContain("ticket ab12cd34")
    m = applyEvent(m, { _tag: "session-status", id: "a", state: "idle", tool: "", detail: "", reason: "" }).model
    expect(m.cards[0]!.relay).toBeUndefined()
    m = applyEvent(m, { _tag: "session-relay", id: "a", peer: "", direction: "in", ticket: "t" }).model
    expect(relayText(m.cards[0]!.relay!)).toBe("← command line")
    m = applyEvent(m, { _tag: "session-relay", id: "a", peer: "", direction: "", ticket: "" }).model
    expect(m.cards[0]!.relay).toBeUndefined()
  })

  it("raises a toast for a session waiting on a person, naming it and the reason", () => {
    const r = applyEvent(model([card({ id: "a", label: "docs" })]), {
      _tag: "session-status",
      id: "a",
      state: "waiting",
      tool: "",
      detail: "",
      reason: "Allow Bash?"
    })
    expect(r.toast).toEqual({ kind: "waiting", text: "docs needs your input", detail: "api · Allow Bash?", target: "a" })
    expect(r.model.cards[0]!.state).toBe("waiting")
  })

  it("raises a toast when an errand was answered in the target's own session", () => {
    const r = applyEvent(model([card({ id: "a", label: "docs" })]), {
      _tag: "session-relay-stalled",
      id: "",
      targetId: "a",
      target: "docs"
    })
    expect(r.toast).toMatchObject({ kind: "stalled", text: "docs answered in its own session", target: "a" })
  })

  it("switches project and opens the card on session-focus, asking for the keyboard", () => {
    const m: ReturnType<typeof model> = {
      ...model([card({ id: "a" }), card({ id: "b", projectId: "p2", project: "web" })], "a"),
      projects: [
        { id: "p1", name: "api", path: "/a", activeId: "a" },
        { id: "p2", name: "web", path: "/w", activeId: "" }
      ]
    }
    const next = applyEvent(m, { _tag: "session-focus", id: "b", projectId: "p2" }).model
    expect(next.activeProject).toBe("p2")
    expect(shownCard(next)?.id).toBe("b")
    expect(next.focusTick).toBe(1)
  })

  it("moves the tab to the card the backend names when the shown one closes", () => {
    const m = model([card({ id: "a" }), card({ id: "b" })], "a")
    const next = applyEvent(m, { _tag: "session-closed", id: "a", projectId: "p1", activeId: "b" }).model
    expect(next.cards.map((c) => c.id)).toEqual(["b"])
    expect(shownCard(next)?.id).toBe("b")
  })

  it("keeps relay marks and the active tab across a reload of the state", () => {
    const m = selectCard(
      applyEvent(model([card({ id: "a" })]), { _tag: "session-relay", id: "a", peer: "x", direction: "in", ticket: "t" }).model,
      "a"
    )
    const next = fromState(
      {
        projects: [{ id: "p1", name: "api", path: "/a", activeId: "a" }],
        cards: [{ session: session("a"), live: true, state: "busy", branch: "", color: "red" }]
      },
      m
    )
    expect(next.cards[0]).toMatchObject({ relay: { direction: "in" }, state: "busy", color: "red", live: true })
    expect(next.activeProject).toBe("p1")
  })

  it("marks a card whose process ended as no longer live", () => {
    expect(applyEvent(model([card({ id: "a" })]), { _tag: "session-exit", id: "a", code: 0 }).model.cards[0]!.live).toBe(false)
  })
})

describe("a window's remembered selection", () => {
  it("survives a reload: the tab and the card each tab showed, where they still exist", async () => {
    const { selectionOf, withSelection } = await import("./model.js")
    const shown = selectCard(model([card({ id: "a" }), card({ id: "b" })], "a"), "b")
    const saved = selectionOf(shown)
    const fresh = model([card({ id: "a" }), card({ id: "b" })], "a")
    expect(shownCard(withSelection(fresh, saved))?.id).toBe("b")
    expect(shownCard(withSelection(model([card({ id: "a" })], "a"), saved))?.id).toBe("a")
  })

  it("brings a tab back to the first card it showed by default, not to the one the backend opened last", async () => {
    const { selectionOf, withSelection } = await import("./model.js")
    // Nothing chosen here: the tab shows its first card, a. The CLI then opened b (the backend's choice).
    const saved = selectionOf(model([card({ id: "a" }), card({ id: "b" })], ""))
    expect(shownCard(withSelection(model([card({ id: "a" }), card({ id: "b" })], "b"), saved))?.id).toBe("a")
  })
})

describe("the card's status, usage and project tabs", () => {
  it("keeps the tool and detail while busy and the reason while waiting, and drops them after", () => {
    let m = applyEvent(model([card({ id: "a" })]), {
      _tag: "session-status",
      id: "a",
      state: "busy",
      tool: "Bash",
      detail: "ls",
      reason: ""
    }).model
    expect(m.cards[0]).toMatchObject({ tool: "Bash", detail: "ls", reason: "" })
    m = applyEvent(m, { _tag: "session-status", id: "a", state: "waiting", tool: "", detail: "", reason: "Allow?" }).model
    expect(m.cards[0]).toMatchObject({ tool: "", detail: "", reason: "Allow?" })
    m = applyEvent(m, { _tag: "session-status", id: "a", state: "done", tool: "", detail: "", reason: "" }).model
    expect(m.cards[0]).toMatchObject({ tool: "", reason: "" })
  })

  it("takes usage as reported", () => {
    const m = applyEvent(model([card({ id: "a" })]), {
      _tag: "session-usage",
      id: "a",
      conversationId: "c",
      window: 200000,
      percent: 12,
      costUsd: 0.5
    }).model
    expect(m.cards[0]!.usage).toEqual({ percent: 12, costUsd: 0.5 })
  })

  it("drops a closed project's tab and cards, moving to its neighbour", () => {
    const m0 = {
      ...model([card({ id: "a" }), card({ id: "b", projectId: "p2" })]),
      projects: [
        { id: "p1", name: "api", path: "/a", activeId: "" },
        { id: "p2", name: "web", path: "/b", activeId: "" }
      ]
    }
    const m = applyEvent(m0, { _tag: "project-closed", id: "p1" }).model
    expect(m.projects.map((p) => p.id)).toEqual(["p2"])
    expect(m.cards.map((c) => c.id)).toEqual(["b"])
    expect(m.activeProject).toBe("p2")
  })

  it("adopts who opened a card and its confinement from session-opened", () => {
    const m = applyEvent(model([]), { _tag: "session-opened", session: session("w", { originLabel: "planner", confined: true }) }).model
    expect(m.cards[0]).toMatchObject({ originLabel: "planner", confined: true })
  })
})
