import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { isEmptyDoc, readMember, removeElements, removeMember, setElement, setMember } from "./jsonEdit.js"

const LICH = { type: "stdio", command: "/opt/lich/bin/lich", args: ["mcp"] }
const right = <A>(e: Either.Either<A, string>): A => Either.getOrThrowWith(e, (l) => new Error(l))

/** Files as people keep them: comments, other servers, trailing commas, tabs, one-liners. */
const userFiles: Record<string, string> = {
  commented: `{
  // my servers
  "mcpServers": {
    "github": { "command": "gh-mcp", "args": [] }, /* work */
    "fs": {
      "command": "fs-mcp"
    }
  },
  "theme": "dark"
}
`,
  tabs: '{\n\t"mcpServers": {\n\t\t"a": {"command": "a"}\n\t}\n}',
  trailingComma: '{ "mcpServers": { "a": { "command": "a" }, }, }\n',
  oneLine: '{"mcpServers":{"a":{"command":"a"}}}',
  emptyServers: '{\n  "mcpServers": { }\n}\n',
  noServers: '{\n  "editor": "vim" // keep\n}\n',
  emptyObject: "{}",
  blank: ""
}

describe("setMember / removeMember", () => {
  for (const [name, text] of Object.entries(userFiles)) {
    it(`adds lich's server to a ${name} file and takes it out byte for byte`, () => {
      const added = right(setMember(text, ["mcpServers"], "lich", LICH, "mcp.json"))
      expect(readMember(added.text, ["mcpServers"], "lich")).toEqual(LICH)
      const back = right(removeMember(added.text, ["mcpServers"], "lich", added.createdParents, "mcp.json"))
      // A blank file is one lich treats as its own: what is left is the empty object its caller deletes.
      if (text === "") expect(isEmptyDoc(back)).toBe(true)
      else expect(back).toBe(text)
    })
  }

  it("keeps every other key and server", () => {
    const added = right(setMember(userFiles.commented, ["mcpServers"], "lich", LICH, "mcp.json")).text
    expect(added).toContain("// my servers")
    expect(added).toContain("/* work */")
    expect(readMember(added, ["mcpServers"], "github")).toEqual({ command: "gh-mcp", args: [] })
    expect(readMember(added, [], "theme")).toBe("dark")
  })

  it("indents the entry like its siblings", () => {
    const added = right(setMember(userFiles.commented, ["mcpServers"], "lich", LICH, "mcp.json")).text
    expect(added).toContain('    },\n    "lich": {\n      "type": "stdio",')
  })

  it("replaces only the value of an entry that is already there (an update)", () => {
    const once = right(setMember(userFiles.commented, ["mcpServers"], "lich", LICH, "mcp.json")).text
    const twice = right(setMember(once, ["mcpServers"], "lich", { ...LICH, command: "/new/lich" }, "mcp.json"))
    expect(twice.createdParents).toBe(0)
    expect(readMember(twice.text, ["mcpServers"], "lich")).toEqual({ ...LICH, command: "/new/lich" })
    expect(right(removeMember(twice.text, ["mcpServers"], "lich", 0, "mcp.json"))).toBe(userFiles.commented)
  })

  it("updates in the file's own indentation: an update reads as an install of the new value", () => {
    for (const text of [userFiles.tabs, userFiles.commented]) {
      const next = { ...LICH, command: "/new/lich" }
      const once = right(setMember(text, ["mcpServers"], "lich", LICH, "mcp.json")).text
      const updated = right(setMember(once, ["mcpServers"], "lich", next, "mcp.json")).text
      expect(updated).toBe(right(setMember(text, ["mcpServers"], "lich", next, "mcp.json")).text)
    }
  })

  it("keeps a server the user added after lich's", () => {
    const added = right(setMember(userFiles.commented, ["mcpServers"], "lich", LICH, "mcp.json")).text
    const theirs = right(setMember(added, ["mcpServers"], "later", { command: "x" }, "mcp.json")).text
    const back = right(removeMember(theirs, ["mcpServers"], "lich", 0, "mcp.json"))
    expect(readMember(back, ["mcpServers"], "later")).toEqual({ command: "x" })
    expect(readMember(back, ["mcpServers"], "lich")).toBeUndefined()
  })

  it("leaves a parent it did not create, even when empty", () => {
    const back = right(removeMember('{"mcpServers": {"lich": {}}}', ["mcpServers"], "lich", 0, "f"))
    expect(back).toBe('{"mcpServers": {}}')
  })

  it("creates a file that does not exist, and leaves it empty for the caller to delete", () => {
    const added = right(setMember(undefined, ["mcpServers"], "lich", LICH, "mcp.json"))
    expect(readMember(added.text, ["mcpServers"], "lich")).toEqual(LICH)
    expect(isEmptyDoc(right(removeMember(added.text, ["mcpServers"], "lich", added.createdParents, "f")))).toBe(true)
  })

  it("refuses what it cannot parse, in one line naming the file", () => {
    const bad = setMember('{ "mcpServers": { "a": 1 ', ["mcpServers"], "lich", LICH, "/home/u/.cursor/mcp.json")
    expect(Either.isLeft(bad) && bad.left).toMatch(
      /^\/home\/u\/\.cursor\/mcp\.json is not valid JSON \(.+ on line 1\), so lich left it as it is$/
    )
    expect(Either.isLeft(setMember("[1, 2]", ["mcpServers"], "lich", LICH, "f"))).toBe(true)
    expect(Either.isLeft(setMember('{"mcpServers": []}', ["mcpServers"], "lich", LICH, "f"))).toBe(true)
  })
})

describe("setElement / removeElements", () => {
  const mine = { command: "'/cfg/lich/plugin/hooks/cursor/report-touched.sh'" }
  const isMine = (v: unknown) => JSON.stringify(v) === JSON.stringify(mine)
  const hooks = `{
  "version": 1,
  "hooks": {
    "afterFileEdit": [
      { "command": "./format.sh" }
    ]
  }
}
`
  for (const [name, text] of Object.entries({ ...userFiles, hooks })) {
    it(`appends to a list in a ${name} file and takes it out byte for byte`, () => {
      const added = right(setElement(text, ["hooks", "afterFileEdit"], mine, isMine, "hooks.json"))
      expect(readMember(added.text, ["hooks"], "afterFileEdit")).toContainEqual(mine)
      const back = right(removeElements(added.text, ["hooks", "afterFileEdit"], isMine, added.createdParents, "hooks.json"))
      if (text === "") expect(isEmptyDoc(back)).toBe(true)
      else expect(back).toBe(text)
    })
  }

  it("keeps the user's own hook beside lich's", () => {
    const added = right(setElement(hooks, ["hooks", "afterFileEdit"], mine, isMine, "hooks.json")).text
    expect(readMember(added, ["hooks"], "afterFileEdit")).toEqual([{ command: "./format.sh" }, mine])
    expect(right(setElement(added, ["hooks", "afterFileEdit"], mine, isMine, "hooks.json")).text).toBe(added)
  })
})
