/** Cards and projects for the logic tests: `card()` is a healthy shell card, each test bends one thing. */
import type { FileChangeWire, SessionGitWire, WindowStateWire } from "../api/wire.js"
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
  ...over
})

export const model = (cards: ReadonlyArray<Card>, activeId = ""): Model => ({
  projects: [{ id: "p1", name: "api", path: "/work/api", activeId }],
  cards,
  activeProject: "p1",
  focusTick: 0
})

const read = (at = 0) => ({ source: "git" as const, at, stale: false, error: "" })

/** A worktree session's checkout as session-git carries it: on branch feat against main, nothing changed. */
export const sessionGit = (over: Partial<SessionGitWire> = {}): SessionGitWire => ({
  id: "s1",
  projectId: "p1",
  dir: "/wt/api/feat",
  repository: true,
  branch: "feat",
  head: "1234567890abcdef",
  base: "main",
  baseSha: "abcdef1234567890",
  baseGone: false,
  committed: [],
  uncommitted: [],
  truncated: false,
  added: 0,
  removed: 0,
  standing: { ahead: 0, behind: 0, conflict: "none", conflicted: [], read: read() },
  overlaps: [],
  read: read(),
  rev: 1,
  ...over
})

export const fileChange = (path: string, over: Partial<FileChangeWire> = {}): FileChangeWire => ({
  path,
  oldPath: "",
  status: "modified",
  content: "text",
  added: 1,
  removed: 0,
  size: 10,
  untracked: false,
  ...over
})
