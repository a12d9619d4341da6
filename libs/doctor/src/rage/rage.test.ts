import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as zlib from "node:zlib"
import { afterEach, describe, expect, it } from "vitest"
import { redact } from "../redact.js"
import { defaultName, rootOf, writeBundle } from "./bundle.js"
import { envText } from "./env.js"
import { findInstance, listDir, tail } from "./facts.js"
import { tar, untar } from "./tar.js"

const dirs: Array<string> = []
const temp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "lich-rage-unit-"))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

const LIVE = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
const OLD = "ffeeddccbbaa99887766554433221100"

describe("masking", () => {
  it("masks the live token by value and any earlier one by its token= shape", () => {
    const text = `GET /events?token=${OLD}&x=1\nlaunched with ${LIVE} in it\n"token=${OLD}"`
    const out = redact(text, [LIVE])
    expect(out).not.toContain(LIVE)
    expect(out).not.toContain(OLD)
    expect(out).toBe(`GET /events?token=<REDACTED>&x=1\nlaunched with <REDACTED> in it\n"token=<REDACTED>"`)
  })
  it("never masks short values that would eat ordinary words", () => {
    expect(redact("the test ran", ["t"])).toBe("the test ran")
  })
  it("writes credentials in env.txt as set or unset, never their values", () => {
    const text = envText({
      PATH: "/usr/bin",
      GH_TOKEN: "ghp_planted",
      LICH_TOKEN: LIVE,
      LICH_PORT: "47821",
      OPENAI_API_KEY: "sk-x",
      LICH_DB_PASSWORD: ""
    })
    expect(text).toContain("PATH=/usr/bin\n")
    expect(text).toContain("GH_TOKEN=<SET>\n")
    expect(text).toContain("GITHUB_TOKEN=<UNSET>\n")
    expect(text).toContain("LICH_TOKEN=<SET>\n")
    expect(text).toContain("LICH_DB_PASSWORD=<UNSET>\n")
    expect(text).toContain("LICH_PORT=47821\n")
    expect(text).not.toMatch(/ghp_planted|sk-x|a1b2c3/)
    // not on the allowlist, not LICH_*: absent altogether
    expect(text).not.toContain("OPENAI_API_KEY")
  })
})

describe("the archive", () => {
  it("round-trips through the system's tar with every entry 0600 under one root", () => {
    const dir = temp()
    const file = path.join(dir, "lich-rage-20260810-150405.tar.gz")
    const planted = `Window: http://127.0.0.1:1/?token=${LIVE}\n`
    writeBundle(file, {
      reportMd: `# report\ntoken ${LIVE}\n`,
      envTxt: "PATH=/bin\n",
      logs: [
        { name: "lich.log", size: planted.length, text: planted },
        { name: "lich.log.old", size: 10, text: `old token=${OLD}\n` }
      ],
      instance: { _tag: "running", pid: 42, port: 47821, report: `{"stack": "${LIVE}"}` },
      tokens: [LIVE]
    })
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const out = path.join(dir, "out")
    fs.mkdirSync(out)
    execFileSync("tar", ["xzf", file, "-C", out])
    const root = path.join(out, "lich-rage-20260810-150405")
    expect(fs.readdirSync(root).sort()).toEqual(["diagnostics.txt", "env.txt", "logs", "report.md"])
    expect(fs.readdirSync(path.join(root, "logs")).sort()).toEqual(["lich.log", "lich.log.old"])
    expect(fs.statSync(path.join(root, "report.md")).mode & 0o777).toBe(0o600)
    const all = execFileSync("cat", [
      path.join(root, "report.md"),
      path.join(root, "logs", "lich.log"),
      path.join(root, "logs", "lich.log.old"),
      path.join(root, "diagnostics.txt")
    ]).toString()
    expect(all).not.toContain(LIVE)
    expect(all).not.toContain(OLD)
    expect(all).toContain("token=<REDACTED>")
  })

  it("puts the sentence in place of the stacks when the lich holds its port and will not answer", () => {
    const dir = temp()
    const file = path.join(dir, "r.tar.gz")
    writeBundle(file, { reportMd: "", envTxt: "", logs: [], instance: { _tag: "silent", pid: 7, port: 9 }, tokens: [] })
    const entries = untar(zlib.gunzipSync(fs.readFileSync(file)))
    expect(entries.map((e) => e.name)).toEqual(["r/", "r/report.md", "r/env.txt", "r/diagnostics.txt"])
    expect(entries.at(-1)!.data.toString()).toMatch(/^lich \(pid 7\) holds port 9 but did not answer within 5 s/)
  })

  it("refuses to overwrite a file that is already there, and leaves it whole", () => {
    const file = path.join(temp(), "taken.tar.gz")
    fs.writeFileSync(file, "mine")
    expect(() => writeBundle(file, { reportMd: "", envTxt: "", logs: [], instance: { _tag: "none" }, tokens: [] })).toThrow(/EEXIST/)
    expect(fs.readFileSync(file, "utf8")).toBe("mine")
  })

  it("stores names past 100 bytes in the ustar prefix", () => {
    const long = `${"d".repeat(120)}/file.txt`
    expect(untar(tar([{ name: long, data: "x" }]))[0]!.name).toBe(long)
  })

  it("names the archive by local time and roots it under that name", () => {
    expect(defaultName(new Date(2026, 7, 10, 15, 4, 5))).toBe("lich-rage-20260810-150405.tar.gz")
    expect(rootOf("/tmp/x/bug.tar.gz")).toBe("bug")
  })
})

describe("the facts", () => {
  it("keeps the last bytes of a log and says how many came before", () => {
    const file = path.join(temp(), "lich.log")
    fs.writeFileSync(file, "0123456789")
    expect(tail(file, 4)!.text).toBe("[lich rage: 6 earlier bytes omitted, this is the tail]\n6789")
    expect(tail(file, 100)!.text).toBe("0123456789")
    expect(tail(path.join(temp(), "absent.log"))).toBeUndefined()
  })

  it("names the database and the browser profile without reading them", () => {
    const dir = temp()
    fs.writeFileSync(path.join(dir, "lich.db"), "sqlite")
    fs.mkdirSync(path.join(dir, "chromium-profile"))
    fs.writeFileSync(path.join(dir, "lich.log"), "")
    const byName = Object.fromEntries(listDir(dir).map((e) => [e.name, e]))
    expect(byName["lich.db"]).toMatchObject({ kind: "file", size: 6, note: "named, never read" })
    expect(byName["chromium-profile"]).toMatchObject({ kind: "dir", note: "named, never read" })
    expect(byName["lich.log"]!.note).toBe("")
  })

  it("tells a running lich, a silent one and a leftover runtime file apart", async () => {
    const c = { port: 1, token: LIVE }
    expect(await findInstance({}, undefined, async () => ({ _tag: "silent" }))).toEqual({ _tag: "none" })
    expect(await findInstance({}, c, async () => ({ _tag: "answered", pid: 9, report: "r" }))).toMatchObject({
      _tag: "running",
      pid: 9,
      port: 1
    })
    expect(await findInstance({}, c, async () => ({ _tag: "silent" }))).toMatchObject({ _tag: "silent", port: 1 })
    expect(await findInstance({}, c, async () => ({ _tag: "refused" }))).toEqual({ _tag: "none" })
  })
})
