/** Cards and projects for the logic tests: `card()` is a healthy shell card, each test bends one thing. */
import type { Card, Model } from "./model.js"

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
