/**
 * The window's bundle carries no Effect. The window takes its wire shapes from libs/contract as types
 * only (libs/contract/src/procedures.ts); one value import of a schema would ship Effect's runtime
 * to the page, ahead of the first card. Built here in memory, from the same options apps/shell/build.mjs
 * writes dist/shell with, and judged by what esbuild says it put into each file it made.
 */
import * as os from "node:os"
import * as path from "node:path"
import { type BuildOptions, build, type Metafile } from "esbuild"
import { describe, expect, it } from "vitest"

const root = path.join(import.meta.dirname, "..")
const bundleModule = path.join(root, "apps", "shell", "bundle.mjs")
const appBundle = async (): Promise<BuildOptions> => {
  const { appBundle } = (await import(bundleModule)) as { appBundle: (outdir: string) => BuildOptions }
  return { ...appBundle(path.join(os.tmpdir(), "lich-window-bundle")), write: false, metafile: true, logLevel: "silent" }
}

const EFFECT = /(^|\/)node_modules\/(effect|@effect\/[^/]+)\//

/** Effect's files with code in the output: one esbuild read and then shook out entirely does not count. */
const effectIn = (meta: Metafile): Array<string> =>
  Object.values(meta.outputs).flatMap((o) =>
    Object.entries(o.inputs)
      .filter(([file, input]) => input.bytesInOutput > 0 && EFFECT.test(file))
      .map(([file]) => file)
  )

describe("the window's bundle", () => {
  it("holds no Effect code, in its entry or in any chunk", async () => {
    const r = await build(await appBundle())
    const files = Object.keys(r.metafile!.outputs)
    expect(files.some((f) => f.endsWith("app.js"))).toBe(true)
    expect(files.some((f) => f.includes("chunks/lich-terminal-"))).toBe(true)
    expect(effectIn(r.metafile!)).toEqual([])
  })

  it("would show Effect the moment a value import from the contract brought a schema in", async () => {
    const options = await appBundle()
    const r = await build({
      ...options,
      entryPoints: undefined,
      stdin: {
        contents: `import { SessionId } from "@lich/contract"\nconsole.log(SessionId.make("x"))`,
        resolveDir: path.join(root, "apps", "shell", "src"),
        loader: "ts"
      }
    })
    expect(effectIn(r.metafile!).length).toBeGreaterThan(0)
  })
})
