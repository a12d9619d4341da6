/**
 * The project's size rules, checked: no source file over 300 lines and no function over 60
 * (conventions — a file or a function that grows past its bound holds two things and is split
 * where they part). Source is every .ts/.mts/.js/.mjs/.cjs under the folders the project writes,
 * not what npm installs or the build writes.
 *
 * Functions are found by the TypeScript 7 compiler's own parser, through its JavaScript API
 * (docs/contributing.md): one project of exactly these files, imports not followed and nothing
 * type-checked, handed to it as a tsconfig that exists only in this test's file system callback.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { type CallExpression, type Node, type SourceFile, SyntaxKind } from "typescript/unstable/ast"
import { API } from "typescript/unstable/sync"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const root = path.join(import.meta.dirname, "..")
const FOLDERS = ["apps", "libs", "hooks", "test", "scripts", "bench", "bin"]
const SKIP = new Set(["node_modules", "dist", "test-artifacts", ".vitest-cache"])
const SOURCE = /\.(ts|mts|cts|js|mjs|cjs)$/
/** 300 lines: the conventions' bound for a file. */
const MAX_LINES = 300
/** 60 lines: the bound for a function — the conventions' "under ~50", with room for a signature. */
const MAX_FUNCTION_LINES = 60

/**
 * Functions over the bound that landed before this check did, each held at the length it had, so it
 * cannot grow; its owner splits it where its concepts part (a service's procedures as functions of
 * its dependencies) and deletes the entry. Keyed by file: a second long function there still fails.
 */
const WAITING: Readonly<Record<string, number>> = {}

const sources = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : sources(p)
    return e.isFile() && SOURCE.test(e.name) ? [p] : []
  })

const files = FOLDERS.map((f) => path.join(root, f))
  .filter((d) => fs.existsSync(d))
  .flatMap(sources)

const FUNCTIONS = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor
])

/** A `describe(…, () => …)` callback is a heading over tests, not a function, and is not measured. */
const isSuite = (node: Node, file: SourceFile): boolean =>
  node.parent.kind === SyntaxKind.CallExpression && /^describe\b/.test((node.parent as CallExpression).expression.getText(file))

interface Long {
  readonly at: string
  readonly lines: number
}

/** Every function in `file` longer than the bound, as `path:line` and its length in lines. */
const longFunctions = (file: SourceFile): Array<Long> => {
  const line = (pos: number) => file.getLineAndCharacterOfPosition(pos).line
  const found: Array<Long> = []
  const visit = (node: Node): void => {
    if (FUNCTIONS.has(node.kind) && !isSuite(node, file)) {
      const first = line(node.getStart(file))
      const lines = line(node.getEnd()) - first + 1
      if (lines > MAX_FUNCTION_LINES) found.push({ at: `${path.relative(root, file.fileName)}:${first + 1}`, lines })
    }
    node.forEachChild(visit)
  }
  visit(file)
  return found
}

/** A tsconfig of exactly `names`: parsed as they are, imports not followed, nothing type-checked. */
const projectOf = (names: ReadonlyArray<string>) =>
  JSON.stringify({ compilerOptions: { allowJs: true, noEmit: true, noResolve: true, noLib: true, types: [] }, files: names })

// The tree's project and a probe of the measure itself live only in the compiler's file system callback.
const TREE = path.join(root, "source-size.tsconfig.json")
const PROBE = path.join(root, "source-size-probe.tsconfig.json")
const PROBE_FILE = path.join(root, "test", "source-size.probe.ts")
const body = (n: number, indent: string) => Array.from({ length: n }, (_, i) => `${indent}const x${i} = ${i}`).join("\n")
// inner: its own 60 lines, at the bound; outer: those and 3 of its own, over it; the suite is not measured.
const PROBE_TEXT = [
  "export const outer = () => {",
  "  const inner = () => {",
  body(MAX_FUNCTION_LINES - 2, "    "),
  "  }",
  "  return inner",
  "}",
  'describe("a suite", () => {',
  body(MAX_FUNCTION_LINES + 1, "  "),
  "})",
  ""
].join("\n")
const virtual: Record<string, string> = { [TREE]: projectOf(files), [PROBE]: projectOf([PROBE_FILE]), [PROBE_FILE]: PROBE_TEXT }

describe("source files", () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    expect(files.length).toBeGreaterThan(300)
    const over = files
      .map((f) => ({ file: path.relative(root, f), lines: fs.readFileSync(f, "utf8").split("\n").length - 1 }))
      .filter((x) => x.lines > MAX_LINES)
    expect(over).toEqual([])
  })
})

describe("functions", () => {
  let api: API
  beforeAll(() => {
    api = new API({ cwd: root, fs: { readFile: (f) => virtual[f], fileExists: (f) => (f in virtual ? true : undefined) } })
  })
  afterAll(() => api?.close())

  const parse = (config: string) => {
    const program = api.updateSnapshot({ openProjects: [config] }).getProject(config)?.program
    return (program?.getSourceFileNames() ?? []).flatMap((f) => program?.getSourceFile(f) ?? [])
  }

  it(`are at most ${MAX_FUNCTION_LINES} lines each`, () => {
    const parsed = parse(TREE)
    // Every source file parsed, not a project that quietly lost some.
    expect(parsed.length).toBe(files.length)
    const long = parsed.flatMap(longFunctions)
    const waiting = (l: Long) => {
      const file = l.at.slice(0, l.at.lastIndexOf(":"))
      return l.lines <= (WAITING[file] ?? 0) && long.filter((x) => x.at.startsWith(`${file}:`)).length === 1
    }
    expect(long.filter((l) => !waiting(l))).toEqual([])
    // An entry whose function was split goes with it, so the list only shrinks.
    expect(Object.keys(WAITING).filter((file) => !long.some((l) => l.at.startsWith(`${file}:`)))).toEqual([])
  })

  it("are measured from first line to last, nested functions included, suites not", () => {
    expect(parse(PROBE).flatMap(longFunctions)).toEqual([{ at: "test/source-size.probe.ts:1", lines: MAX_FUNCTION_LINES + 3 }])
  })
})
