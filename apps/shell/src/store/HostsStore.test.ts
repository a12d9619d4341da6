import { describe, expect, it } from "vitest"
import type { WindowStateWire } from "../api/wire.js"
import { session } from "../logic/fixtures.js"
import { type HostStatusWire, HostsStore, hostCard, hostOfCard, hostStatuses } from "./HostsStore.js"

const status = (name: string, state: HostStatusWire["state"], over: Partial<HostStatusWire> = {}): HostStatusWire => ({
  name,
  destination: `me@${name}`,
  state,
  message: state === "connected" ? "" : `the link to ${name} dropped; lich reconnects`,
  version: state === "connected" ? "0.1.0" : "",
  ...over
})

/** A far lich's picture: project api holding these cards. */
const far = (...cards: Array<ReturnType<typeof session>>): WindowStateWire => ({
  projects: [{ id: "p1", name: "api", path: "/srv/api", activeId: "" }],
  cards: cards.map((s) => ({ session: s, live: true, state: "", branch: "", color: "" }))
})

/** A store that knows devbox, connected, with its picture loaded. */
const withDevbox = (...cards: Array<ReturnType<typeof session>>) => {
  const store = new HostsStore()
  store.listed([status("devbox", "connected")])
  store.loaded("devbox", store.beginLoad("devbox"), far(...cards))
  return store
}

describe("the hosts' store", () => {
  it("holds each listed host's far picture, keeping it when the list is read again", () => {
    const store = withDevbox(session("a"), session("b"))
    store.listed([status("devbox", "connected"), status("other", "no-lich")])
    expect(store.state.hosts.map((h) => [h.status.name, h.model.cards.map((c) => c.id), h.loaded])).toEqual([
      ["devbox", ["a", "b"], true],
      ["other", [], false]
    ])
  })

  it("keeps a card a host's event added while a load was out, when that load's picture was read before it", () => {
    const store = withDevbox(session("a"))
    const n = store.beginLoad("devbox") // its events socket opened again
    // The session opened there (and its frame came) after the far lich read the picture now landing.
    store.event("devbox", { _tag: "session-opened", session: session("b") })
    store.loaded("devbox", n, far(session("a")))
    expect(store.state.hosts[0]?.model.cards.map((c) => c.id)).toEqual(["a", "b"])
  })

  it("paints the first of two overlapping loads to answer, and never lays an earlier one over a later", () => {
    const store = new HostsStore()
    store.listed([status("devbox", "connected")])
    const first = store.beginLoad("devbox")
    const second = store.beginLoad("devbox")
    store.loaded("devbox", first, far(session("early")))
    expect(store.state.hosts[0]!.model.cards.map((c) => c.id)).toEqual(["early"])
    store.loaded("devbox", second, far(session("late")))
    const third = store.beginLoad("devbox")
    const fourth = store.beginLoad("devbox")
    store.loaded("devbox", fourth, far(session("newest")))
    store.loaded("devbox", third, far(session("stale")))
    expect(store.state.hosts[0]!.model.cards.map((c) => c.id)).toEqual(["newest"])
  })

  it("keeps a picture that came back before the list named its host, for when it does", () => {
    const store = new HostsStore()
    store.loaded("devbox", store.beginLoad("devbox"), far(session("a")))
    expect(store.state.hosts).toEqual([])
    store.listed([status("devbox", "connected")])
    expect(store.state.hosts.map((h) => [h.loaded, h.model.cards.map((c) => c.id)])).toEqual([[true, ["a"]]])
  })

  it("keeps a dropped host's cards, and gives its link a new generation when it comes back", () => {
    const store = withDevbox(session("a"))
    store.linked("devbox")
    store.status({ _tag: "host-status", ...status("devbox", "disconnected") })
    const down = store.state.hosts[0]!
    expect([down.status.state, down.model.cards.map((c) => c.id), down.link]).toEqual(["disconnected", ["a"], 1])
    store.status({ _tag: "host-status", ...status("devbox", "connected") })
    store.linked("devbox")
    expect(store.state.hosts[0]!.link).toBe(2)
  })

  it("adds a host it first hears of in a host-status frame (one added from the CLI)", () => {
    const store = new HostsStore()
    store.status({ _tag: "host-status", ...status("late", "connecting") })
    expect(store.state.hosts.map((h) => [h.status.name, h.status.state])).toEqual([["late", "connecting"]])
  })

  it("drops a host removed elsewhere (a host-removed frame), with the card it showed and its open menu", () => {
    const store = withDevbox(session("a"))
    store.listed([status("devbox", "connected"), status("other", "no-lich")])
    store.show({ host: "devbox", id: "a" })
    store.menuFor("devbox", "p1")
    store.removed("devbox")
    expect(store.state.hosts.map((h) => h.status.name)).toEqual(["other"])
    expect([store.state.shown, store.state.menu]).toEqual([undefined, ""])
    store.removed("devbox")
    expect(store.state.hosts.map((h) => h.status.name)).toEqual(["other"])
  })

  it("lists for Settings › Hosts the hosts the sidebar draws, following hosts added, changed and removed elsewhere", () => {
    const store = new HostsStore()
    // Not read yet is not "no hosts": the panel says it is loading.
    expect(hostStatuses(store.state)).toBeUndefined()
    store.listed([])
    expect(hostStatuses(store.state)).toEqual([])
    store.status({ _tag: "host-status", ...status("devbox", "connecting") })
    expect(hostStatuses(store.state)).toEqual([status("devbox", "connecting")])
    store.status({ _tag: "host-status", ...status("devbox", "connected") })
    expect(hostStatuses(store.state)?.map((h) => [h.name, h.state, h.version])).toEqual([["devbox", "connected", "0.1.0"]])
    store.removed("devbox")
    expect(hostStatuses(store.state)).toEqual([])
  })

  it("follows a host's events as its own window would, and names the host in a waiting toast", () => {
    const store = withDevbox(session("a", { label: "reviewer" }))
    store.event("devbox", { _tag: "session-opened", session: session("b") })
    const toast = store.event("devbox", {
      _tag: "session-status",
      id: "a",
      state: "waiting",
      reason: "Allow Bash?",
      tool: "",
      detail: ""
    })
    const cards = store.state.hosts[0]!.model.cards
    expect(cards.map((c) => [c.id, c.state])).toEqual([
      ["a", "waiting"],
      ["b", ""]
    ])
    expect(toast).toMatchObject({ kind: "waiting", text: "reviewer needs your input", detail: "devbox · api · Allow Bash?", target: "a" })
  })

  it("shows a host's card by host and id, and forgets it when it closes there", () => {
    const store = withDevbox(session("a"))
    store.show({ host: "devbox", id: "a" })
    expect(hostCard(store.state, store.state.shown)?.card.id).toBe("a")
    expect(hostOfCard(store.state, "a")).toBe("devbox")
    expect(hostOfCard(store.state, "local")).toBeUndefined()
    store.event("devbox", { _tag: "session-closed", id: "a", projectId: "p1", activeId: "" })
    expect(store.state.shown).toBeUndefined()
  })

  it("forgets the shown card of a host that is no longer listed", () => {
    const store = withDevbox(session("a"))
    store.show({ host: "devbox", id: "a" })
    store.listed([])
    expect([store.state.hosts, store.state.shown]).toEqual([[], undefined])
  })

  it("marks a card started on the host live", () => {
    const store = new HostsStore()
    store.listed([status("devbox", "connected")])
    store.loaded("devbox", store.beginLoad("devbox"), {
      ...far(),
      cards: [{ session: session("a"), live: false, state: "", branch: "", color: "" }]
    })
    store.started({ host: "devbox", id: "a" })
    expect(store.state.hosts[0]!.model.cards[0]!.live).toBe(true)
  })
})
