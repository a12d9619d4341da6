/**
 * What the dock's browser suites share: a backend whose Claude Code is a fake agent that edits files
 * when told in its terminal (test/fixtures/fake-agent.mjs, FAKE_EDITS) and answers relayed messages,
 * and whose Codex is a fake reviewer answering in `path:line:` form; a real git repository with an
 * origin; and the page's side — typing to the shown agent, the dock's rows, the diff's lines.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import type { Page } from "playwright-core"
import { type AgentEvent, type Backend, fakeAgent } from "../harness.js"
import { startBackendWith } from "../workspaceHarness.js"
import { terminalRow } from "./window.js"

/** A fake agent that reports its turns, edits files when told, and answers every relayed message with `answer`. */
const wrapper = (dir: string, name: string, answer: string) => {
  const answerFile = path.join(dir, `${name}.answer`)
  fs.writeFileSync(answerFile, answer)
  const file = path.join(dir, name)
  fs.writeFileSync(
    file,
    `#!/bin/sh\nFAKE_REPLY="$(cat '${answerFile}')"; export FAKE_REPLY FAKE_HOOKS=1 FAKE_EDITS=1\nexec node '${fakeAgent}' "$@"\n`,
    { mode: 0o755 }
  )
  return file
}

export const AUTHOR_ANSWER = "Done: both addressed."
export const REVIEW_ANSWER = "a.ts:2: name this better\nREADME.md:2: say why\nSummary: fine otherwise"

export const startDockBackend = (extra: NodeJS.ProcessEnv = {}): Promise<Backend> => {
  const bin = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "lich-dock-bin-"))
  return startBackendWith({
    LICH_CLAUDE_BIN: wrapper(bin, "author", AUTHOR_ANSWER),
    LICH_CODEX_BIN: wrapper(bin, "reviewer", REVIEW_ANSWER),
    ...extra
  })
}

/** Types a line to the shown session's agent and waits for it to say it is done with it. */
export const tell = async (page: Page, line: string, done: string) => {
  await page.locator("lich-terminal .xterm-screen").click()
  await page.keyboard.type(`${line}\n`)
  await terminalRow(page, done).waitFor()
}

/** The agent writes `file` (lines joined with \n) through its edit tool, which reports the touch. */
export const edit = (page: Page, file: string, lines: ReadonlyArray<string>) =>
  tell(page, `edit ${file} ${lines.join("\\n")}\\n`, `[wrote ${file}]`)

/** The agent runs `command` in its shell tool (no touch is reported: lich sees git's own files move). */
export const shell = (page: Page, command: string) => tell(page, `$ ${command}`, "[exit 0]")

export const fileRow = (page: Page, file: string, section: "committed" | "uncommitted") =>
  page.locator(`lich-dock .file[data-section=${section}]`, { has: page.locator(".name", { hasText: file }) })

export const openDock = async (page: Page) => {
  if ((await page.locator("lich-dock").count()) === 0) await page.keyboard.press("Control+Shift+D")
  await page.locator("lich-dock .dock").waitFor()
}

/** A line number in the open diff's editor on `side` ("new" in the unified view). */
export const lineNumber = (page: Page, side: "old" | "new", n: number) =>
  page.locator(`lich-diff .cm-editor[data-side=${side}] .cm-lineNumbers .cm-gutterElement`, { hasText: new RegExp(`^${n}$`) })

/** Every record the fake agent of `id` logged. */
export const agentEvents = (b: Backend, id: string): Array<AgentEvent & { file?: string }> => {
  const file = path.join(b.env.FAKE_AGENT_LOG!, `${id}.messages.jsonl`)
  if (!fs.existsSync(file)) return []
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l))
}

export const agentLog = (b: Backend, id: string) => path.join(b.env.FAKE_AGENT_LOG!, `${id}.messages.jsonl`)

/** Light or dark for every window, as `lich theme switch` does, once the page has repainted. */
export const theme = async (b: Backend, page: Page, id: "light" | "dark") => {
  const r = await b.lich(["theme", "switch", id])
  if (r.code !== 0) throw new Error(r.stderr)
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, id)
}
