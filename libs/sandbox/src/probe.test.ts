import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { findBwrap } from "./host.js"
import { probeConfinement } from "./probe.js"

describe("the confinement probe", () => {
  it.skipIf(findBwrap(process.env) === undefined)(
    "proves a confined child reads its checkout and not the home, and cleans up",
    async () => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), "lich-probe-home-"))
      try {
        const result = await Effect.runPromise(probeConfinement({ home }))
        expect(result).toEqual({ _tag: "Confines", detail: "bubblewrap confines a session here" })
        expect(fs.readdirSync(home)).toEqual([])
      } finally {
        fs.rmSync(home, { recursive: true, force: true })
      }
    }
  )

  // A home it cannot write in (a doctor run as a user whose HOME does not exist) failed the plant
  // after the checkout was made, and every such run left a lich-sandbox-probe-* dir in /tmp.
  it.skipIf(findBwrap(process.env) === undefined)("leaves no checkout behind when it cannot plant the home's file", async () => {
    const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-probe-tmp-"))
    try {
      const result = await Effect.runPromise(probeConfinement({ home: path.join(tmpDir, "no-such-home"), tmpDir }))
      expect(result._tag).toBe("Unavailable")
      expect(result.detail).toMatch(/^could not plant the probe files: ENOENT/)
      expect(fs.readdirSync(tmpDir)).toEqual([])
    } finally {
      fs.rmSync(tmpDir, { recursive: true, force: true })
    }
  })

  it("says it is unavailable, without failing, where bubblewrap is not on PATH", async () => {
    const result = await Effect.runPromise(probeConfinement({ env: { PATH: "/nonexistent" } }))
    expect(result._tag).toBe("Unavailable")
  })
})
