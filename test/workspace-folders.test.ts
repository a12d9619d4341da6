/**
 * Folders and colours from the command line: every command's prose and --json, the one-argument
 * form, merges, refusals that list what exists, parked sessions following a rename, which project a
 * bare command means, and the session-folder events a window regroups from.
 */

import * as path from "node:path"
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Backend } from "./harness.js"
import { startBackendWith, watchEvents } from "./workspaceHarness.js"

let b: Backend
const ids: Record<string, string> = {}
let events: Awaited<ReturnType<typeof watchEvents>>

beforeAll(async () => {
  b = await startBackendWith({})
  const dir = b.project("atelier")
  for (let i = 0; i < 4; i++) {
    const s = JSON.parse((await b.lich(["open", "--project", dir, "--json"])).stdout)
    ids[s.label] = s.id
  }
  events = await watchEvents(b)
})
afterAll(async () => {
  events?.close()
  await b?.stop()
})

const ok = async (args: ReadonlyArray<string>, env?: NodeJS.ProcessEnv) => {
  const r = await b.lich(args, env)
  expect(r.stderr).toBe("")
  expect(r.code).toBe(0)
  return r.stdout
}
/** Resolves once the window would have heard this card's folder and colour. */
const sawFolder = (id: string, folder: string, color: string) =>
  events.waitFor((e) => e._tag === "session-folder" && e.id === id && e.folder === folder && e.color === color)

describe("folders", () => {
  it("says there are none, and --json prints []", async () => {
    expect(await ok(["folders"])).toBe("No folders: no open session of this project is filed under one.\n")
    expect(await ok(["folders", "--json"])).toBe("[]\n")
  })

  it("files a session under a folder, in prose and in JSON", async () => {
    expect(await ok(["file", "Session 1", "Auth"])).toBe('Filed "Session 1" under "Auth".\n')
    expect(JSON.parse(await ok(["file", "--json", "Session 2", "Auth"]))).toEqual({
      id: ids["Session 2"],
      project: "atelier",
      label: "Session 2",
      folder: "Auth",
      previous: ""
    })
    await sawFolder(ids["Session 1"]!, "Auth", "")
  })

  it("files the calling session with one argument, and refuses that outside a session", async () => {
    expect(await ok(["file", "Docs"], { LICH_SESSION_ID: ids["Session 3"] })).toBe('Filed "Session 3" under "Docs".\n')
    const outside = await b.lich(["file", "Docs"])
    expect(outside.code).toBe(1)
    expect(outside.stderr).toMatch(/^lich: with one argument, file moves the session it runs in/)
  })

  it("lists folders in sidebar order with their sessions, in prose and JSON", async () => {
    expect(await ok(["folders"])).toBe("folder\tsessions\nAuth\tSession 1, Session 2\nDocs\tSession 3\n")
    expect(JSON.parse(await ok(["folders", "--json", "--project", "atelier"]))).toEqual([
      { name: "Auth", sessions: ["Session 1", "Session 2"] },
      { name: "Docs", sessions: ["Session 3"] }
    ])
  })

  it("matches names exactly: auth beside Auth is a second folder", async () => {
    const r = await b.lich(["rename-folder", "auth", "Login"])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe('lich: no folder named "auth" in project "atelier". Its folders: "Auth", "Docs".\n')
  })

  it("renames a folder, and renaming onto a taken name merges", async () => {
    expect(await ok(["rename-folder", "Auth", "Login"])).toBe('Moved "Session 1", "Session 2" from folder "Auth" to "Login".\n')
    expect(JSON.parse(await ok(["rename-folder", "--json", "Docs", "Login"]))).toEqual({
      project: "atelier",
      folder: "Docs",
      to: "Login",
      sessions: ["Session 3"]
    })
    expect(await ok(["folders"])).toBe("folder\tsessions\nLogin\tSession 1, Session 2, Session 3\n")
    await sawFolder(ids["Session 3"]!, "Login", "")
  })

  it("paints a folder from the palette, refuses anything else with the palette listed, and clears with ''", async () => {
    expect(await ok(["color-folder", "Login", "teal"])).toBe('Painted "Session 1", "Session 2", "Session 3" in folder "Login" teal.\n')
    await sawFolder(ids["Session 2"]!, "Login", "teal")
    const mauve = await b.lich(["color-folder", "Login", "mauve"])
    expect(mauve.code).toBe(1)
    expect(mauve.stderr).toContain("red, orange, amber, green, teal, blue, violet, pink")
    expect(JSON.parse(await ok(["color-folder", "--json", "Login", ""]))).toEqual({
      project: "atelier",
      folder: "Login",
      color: "",
      sessions: ["Session 1", "Session 2", "Session 3"]
    })
    expect(await ok(["color-folder", "Login", "amber"])).toContain("amber")
  })

  it("takes a session out of its folder with ''", async () => {
    expect(await ok(["file", "Session 1", ""])).toBe('Took "Session 1" out of folder "Login"; it is back under its checkout.\n')
    await sawFolder(ids["Session 1"]!, "", "amber")
  })

  it("carries parked sessions along a rename, and ungroups with ''", async () => {
    expect(await ok(["close", "Session 3"])).toBe('Closed "Session 3".\n')
    expect(await ok(["rename-folder", "Login", "Final"])).toBe('Moved "Session 2" from folder "Login" to "Final".\n')
    const db = new Database(path.join(b.env.XDG_CONFIG_HOME!, "lich", "lich.db"), { readonly: true })
    const parked = db.prepare("SELECT folder, is_open FROM sessions WHERE id = ?").get(ids["Session 3"]) as {
      folder: string
      is_open: number
    }
    db.close()
    expect(parked).toEqual({ folder: "Final", is_open: 0 })
    expect(await ok(["rename-folder", "Final", ""])).toBe('Moved "Session 2" out of folder "Final"; it no longer exists.\n')
    expect(await ok(["folders", "--json"])).toBe("[]\n")
  })

  it("files a new session from open --folder, written before the window hears of it", async () => {
    const s = JSON.parse(await ok(["open", "--project", "atelier", "--folder", "Ops", "--json"]))
    expect(s.folder).toBe("Ops")
    const opened = await events.waitFor((e) => e._tag === "session-opened" && (e.session as { id: string }).id === s.id)
    expect((opened.session as { folder: string }).folder).toBe("Ops")
    expect(await ok(["folders"])).toBe(`folder\tsessions\nOps\t${s.label}\n`)
  })

  it("without --project outside a session, refuses to guess between two open projects and lists them", async () => {
    await ok(["open", "--project", b.project("second")])
    const r = await b.lich(["folders"])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      "lich: no project given, and this is not running in a lich session — name one with --project. Open projects: atelier, second.\n"
    )
    expect(await ok(["folders", "--project", path.join(b.dir, "projects", "atelier")])).toContain("Ops")
    expect(await ok(["folders"], { LICH_SESSION_ID: ids["Session 4"] })).toContain("Ops")
  })
})
