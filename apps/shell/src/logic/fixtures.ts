/** Cards and projects for the logic tests: `card()` is a healthy shell card, each test bends one thing. */
import type { WindowStateWire } from "../api/wire.js"
import type { Card, Model } from "./model.js"

type SessionWire = WindowStateWire["cards"][number]["session"]

/** A session as session-opened and system.State carry it: a shell in project api. */
export const session = (id: string, over: Partial<SessionWire> = {}): SessionWire => ({
  id,
  projectId: "p1",
  project: "api",
  label: id,
  name: `api-${id}`,
  kind: "shell",
  path: "",
  nextSeq: 2,
  originSessionId: "",
  originLabel: "",
  confined: false,
  folder: "",
  ...over
})

export const card = (over: Partial<Card> = {}): Card => ({
  id: "s1",
  projectId: "p1",
  project: "api",
  label: "shell",
  kind: "shell",
  path: "",
  branch: "",
  folder: "",
  color: "",
  live: true,
  state: "",
  relay: undefined,
  tool: "",
  detail: "",
  reason: "",
  usage: undefined,
  originLabel: "",
  confined: false,
  dirty: false,
  ...over
})

export const model = (cards: ReadonlyArray<Card>, activeId = ""): Model => ({
  projects: [{ id: "p1", name: "api", path: "/work/api", activeId }],
  cards,
  activeProject: "p1",
  focusTick: 0
})
