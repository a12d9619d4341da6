import { describe, expect, it } from "vitest"
import { card, model } from "../../logic/fixtures.js"
import type { HostStatusWire, HostView } from "../../store/HostsStore.js"
import { hostEmpty, hostHeader, hostProjects } from "./view.js"

const host = (state: HostStatusWire["state"], over: Partial<HostView> = {}): HostView => ({
  status: { name: "devbox", destination: "me@devbox", state, message: state === "connected" ? "" : `why ${state}`, version: "0.1.0" },
  model: model([]),
  loaded: true,
  link: 1,
  ...over
})

describe("a host's header", () => {
  it("says the far lich's version while connected, and offers nothing to press", () => {
    expect(hostHeader(host("connected"))).toMatchObject({ badge: "lich 0.1.0", reason: "", reconnect: false, start: false, cut: false })
  })

  it("says why when it is not, with Reconnect; Start too where no lich runs", () => {
    expect(hostHeader(host("disconnected"))).toMatchObject({
      badge: "disconnected",
      reason: "why disconnected",
      reconnect: true,
      start: false,
      cut: true
    })
    expect(hostHeader(host("refused"))).toMatchObject({ badge: "refused", reconnect: true, start: false, cut: true })
    expect(hostHeader(host("no-lich"))).toMatchObject({ badge: "no lich running", reconnect: true, start: true, cut: true })
    expect(hostHeader(host("connecting"))).toMatchObject({ badge: "connecting…", reconnect: false, cut: true })
  })
})

describe("a host's projects", () => {
  it("lists each far project with its cards in blocks, as local ones are", () => {
    const h = host("connected", { model: model([card({ id: "a" }), card({ id: "b", path: "/wt/x", branch: "x" })]) })
    const [p] = hostProjects(h)
    expect(p!.project.name).toBe("api")
    expect(p!.rows.map((r) => (r.type === "header" ? `# ${r.title}` : r.card.id))).toEqual(["a", "# x", "b"])
  })

  it("says loading before its first picture, and when it has no project open", () => {
    expect(hostEmpty(host("connected", { loaded: false }))).toBe("Loading…")
    expect(hostEmpty(host("disconnected", { loaded: false }))).toBe("")
    expect(hostEmpty(host("connected", { model: { ...model([]), projects: [] } }))).toBe("No project is open on devbox.")
  })
})
