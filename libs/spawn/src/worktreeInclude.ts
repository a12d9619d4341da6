/**
 * `.worktreeinclude`: which gitignored files of the project a new worktree gets a copy of — the
 * `.env` a checkout cannot run without and git will never carry. Gitignore syntax, the common part:
 * `#` comments, `!` negation (last match wins), a leading `/` or an inner `/` anchors to the project
 * root, a trailing `/` matches a directory (and so everything under it), `*` `?` within a segment,
 * `**` across segments. Without the file the default is `.env*`. Pure: paths in, paths out.
 */

export const DEFAULT_INCLUDE = [".env*"]

interface Rule {
  readonly negate: boolean
  readonly regex: RegExp
}

const globToRegex = (glob: string): string => {
  let out = ""
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === "*") {
      if (glob[i + 1] === "*") {
        // `**/` matches zero or more directories; a trailing `**` everything below.
        const slash = glob[i + 2] === "/"
        out += slash ? "(?:.*/)?" : ".*"
        i += slash ? 2 : 1
      } else out += "[^/]*"
    } else if (c === "?") out += "[^/]"
    else out += c.replace(/[.+^${}()|[\]\\]/g, "\\$&")
  }
  return out
}

const toRule = (line: string): Rule | undefined => {
  let p = line.replace(/\s+$/, "")
  if (p === "" || p.startsWith("#")) return undefined
  const negate = p.startsWith("!")
  if (negate) p = p.slice(1)
  const dirOnly = p.endsWith("/")
  if (dirOnly) p = p.slice(0, -1)
  const anchored = p.startsWith("/") || p.includes("/")
  if (p.startsWith("/")) p = p.slice(1)
  if (p === "") return undefined
  const body = globToRegex(p)
  // A match on a directory covers everything inside it; a dir-only pattern matches only that way.
  const tail = dirOnly ? "/.*" : "(?:/.*)?"
  return { negate, regex: new RegExp(`^${anchored ? "" : "(?:.*/)?"}${body}${tail}$`) }
}

export const parseInclude = (text: string | undefined): ReadonlyArray<Rule> =>
  (text === undefined ? DEFAULT_INCLUDE : text.split(/\r?\n/)).flatMap((l) => {
    const r = toRule(l)
    return r === undefined ? [] : [r]
  })

/** Whether `path` (relative, `/`-separated) is included: the last matching rule decides. */
export const included = (rules: ReadonlyArray<Rule>, path: string): boolean => {
  let verdict = false
  for (const r of rules) if (r.regex.test(path)) verdict = !r.negate
  return verdict
}

export const selectIncluded = (text: string | undefined, paths: ReadonlyArray<string>): ReadonlyArray<string> => {
  const rules = parseInclude(text)
  return paths.filter((p) => included(rules, p))
}
