/**
 * Spawn's side of confinement: read the user's rung for a provider (a setting, global or per
 * project; the backend's LICH_<ID>_SANDBOX environment beats it, as LICH_<ID>_BIN beats the binary
 * setting), and wrap a session's command in bubblewrap with that session's view of the machine.
 */

import * as fs from "node:fs"
import * as nodePath from "node:path"
import { Failed, Refused } from "@lich/contract"
import {
  type Command,
  confine,
  findBwrap,
  parseRung,
  providerStatePaths,
  realDir,
  rungEnvName,
  rungSettingKey,
  shouldConfine
} from "@lich/sandbox"
import { Settings } from "@lich/store"
import { Effect, Option } from "effect"
import { storeFailure } from "./failures.js"
import { git, noRepositoryAt } from "./git.js"
import type { ServerConfigShape } from "./ServerConfig.js"

export const rungFor = Effect.fn("Spawn.rungFor")(function* (config: ServerConfigShape, kind: string, projectId: string) {
  const fromEnv = config.env[rungEnvName(kind)]
  if (fromEnv !== undefined && fromEnv.trim() !== "") return parseRung(fromEnv)
  const setting = yield* storeFailure((yield* Settings).get(rungSettingKey(kind), projectId))
  return parseRung(Option.getOrUndefined(setting))
})

/** The rung's answer for a new session; a yes this machine cannot honour refuses the open up front. */
export const decideConfined = Effect.fn("Spawn.decideConfined")(function* (
  config: ServerConfigShape,
  kind: string,
  projectId: string,
  inWorktree: boolean,
  /** what the person answered to Ask, where someone was there to ask */
  answer?: boolean
) {
  const rung = yield* rungFor(config, kind, projectId)
  if (rung === "ask" && answer === false) return false
  if (!shouldConfine({ rung, kind, inWorktree })) return false
  if (findBwrap(config.env) === undefined) {
    return yield* new Refused({
      message: `the sandbox setting for ${kind} (${rung}) confines this session, but bubblewrap (bwrap) is not installed here — install it, or set ${rungSettingKey(kind)} to off`
    })
  }
  return true
})

/** The binary as the PTY will find it: a bare name is looked up on the session's PATH. */
const onPath = (binary: string, env: Readonly<Record<string, string | undefined>>): string | undefined => {
  if (binary.includes("/")) return binary
  for (const dir of (env.PATH ?? "").split(nodePath.delimiter)) {
    const p = nodePath.join(dir, binary)
    if (dir !== "" && fs.existsSync(p)) return p
  }
  return undefined
}

export interface ConfineFor {
  readonly config: ServerConfigShape
  readonly kind: string
  readonly cwd: string
  readonly binary: string
  readonly env: Readonly<Record<string, string>>
}

export const confinedCommand = Effect.fn("Spawn.confinedCommand")(function* (f: ConfineFor, command: Command) {
  const bwrap = findBwrap(f.env)
  // A session marked confined never runs unconfined: it fails to start, and its card says why.
  if (bwrap === undefined) return yield* new Failed({ message: "this session is confined, but bubblewrap (bwrap) is not on PATH" })
  const home = realDir(f.config.home)
  // The repository's common dir holds the refs and objects a commit in this checkout writes. A
  // project that is no repository has none to open up, and that is the whole answer; any other
  // failure would start a session whose commits fail inside the sandbox, so it fails the start
  // and the card says why.
  const common = yield* git(f.cwd, ["rev-parse", "--path-format=absolute", "--git-common-dir"]).pipe(
    Effect.map((s) => [realDir(s.trim())]),
    Effect.catchTag("GitError", (e) =>
      noRepositoryAt(f.cwd, e)
        ? Effect.succeed<Array<string>>([])
        : Effect.fail(
            new Failed({
              message: `this session is confined, but git could not say where the repository of ${f.cwd} keeps its commits: ${e.detail}`
            })
          )
    )
  )
  const binary = onPath(f.binary, f.env)
  const readOnly = [
    // lich's install (bin/ and the bundles beside it), so "$LICH_BIN" runs inside.
    nodePath.dirname(nodePath.dirname(realDir(f.config.lichBin))),
    nodePath.dirname(nodePath.dirname(realDir(process.execPath))),
    ...(binary === undefined ? [] : [nodePath.dirname(realDir(binary))]),
    // git's own configuration, read-only: a commit in the checkout needs the user's identity.
    ...[".gitconfig", ".gitignore_global", ".config/git"].map((rel) => nodePath.join(home, rel))
  ]
  return confine(
    bwrap,
    {
      home,
      cwd: realDir(f.cwd),
      writable: common,
      readOnly,
      state: providerStatePaths(f.kind).map((rel) => nodePath.join(home, rel)),
      runtimeDir: f.env.XDG_RUNTIME_DIR
    },
    command
  )
})
