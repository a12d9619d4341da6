/**
 * "Ask for a review": the reviewer is the session named, or a live one of another kind in the same
 * project (one not in a turn first), or — when there is none — one opened for it in the project's own
 * directory, of the kind asked or the first installed kind other than the author's. The diff (the
 * branch since its merge base, uncommitted and untracked work included) is written where every
 * session of the project can read it, confined or not: the repository's common git directory, which
 * the sandbox binds writable for each of them. The prompt names that file; a diff is never pasted.
 */

import * as fs from "node:fs"
import * as nodePath from "node:path"
import { type FromId, Refused } from "@lich/contract"
import { isProviderId, type ProviderId, providerIds, resolveBinary } from "@lich/providers"
import { type RelayCalls, relayCalls } from "@lich/relay"
import { binKey, type Card, findOnPath, ServerConfig, SessionStates, Workspace } from "@lich/spawn"
import { Settings } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Effect, Option } from "effect"
import { Changes } from "./Changes.js"
import { Git, type GitShape } from "./Git.js"
import { handOver } from "./handover.js"
import { askReviewPrompt } from "./prompts.js"

export type Asking = Changes | Git | RelayCalls | Workspace | Terminals | SessionStates | ServerConfig | Settings

/** The kinds a reviewer is opened as, in order of preference: the two agents that review well first. */
const PREFERRED: ReadonlyArray<ProviderId> = ["codex", "claude", "opencode", "crush", "cursor", "kiro", "omp", "antigravity"]

const installedKind = (author: string) =>
  Effect.gen(function* () {
    const config = yield* ServerConfig
    const settings = yield* Settings
    for (const id of [...PREFERRED, ...providerIds.filter((k) => !PREFERRED.includes(k))]) {
      if (id === author || id === "shell") continue
      const setting = Option.getOrUndefined(yield* Effect.orElseSucceed(settings.get(binKey(id)), () => Option.none<string>()))
      if (findOnPath(resolveBinary(id, { setting, env: config.env }), config.env.PATH ?? "") !== "") return id
    }
    return yield* new Refused({ message: `no agent of a kind other than ${author} is installed to review with — name a reviewer session` })
  })

const pickReviewer = (author: Card, reviewer: string, kind: string) =>
  Effect.gen(function* () {
    const ws = yield* Workspace
    const live = new Set(yield* (yield* Terminals).liveIds())
    const cards = (yield* ws.cards()).filter((c) => live.has(c.id))
    if (reviewer !== "") {
      const named = cards.find((c) => c.id === reviewer)
      if (named === undefined) return yield* new Refused({ message: `no live session with id ${reviewer} to ask for a review` })
      if (named.id === author.id)
        return yield* new Refused({ message: `"${author.label}" cannot review its own changes — pick another session` })
      return named
    }
    if (kind !== "" && !isProviderId(kind)) return yield* new Refused({ message: `"${kind}" is no kind of agent lich knows` })
    const states = yield* SessionStates
    const others = cards.filter(
      (c) =>
        c.projectRow.id === author.projectRow.id &&
        c.id !== author.id &&
        c.row.kind !== "shell" &&
        (kind === "" ? c.row.kind !== author.row.kind : c.row.kind === kind)
    )
    for (const c of others) if ((yield* states.get(c.id)) !== "busy") return c
    if (others[0] !== undefined) return others[0]
    const chosen = kind !== "" ? kind : yield* installedKind(author.row.kind)
    const opened = yield* ws.open({
      from: "" as FromId,
      project: author.projectPath,
      kind: chosen,
      worktree: "",
      base: "",
      model: "",
      effort: "",
      ultracode: false,
      folder: author.row.folder
    })
    if (opened.startError !== "") return yield* new Refused({ message: `the reviewer could not start: ${opened.startError}` })
    const card = (yield* ws.cards()).find((c) => c.id === opened.session.id)
    if (card === undefined) return yield* new Refused({ message: "the reviewer session closed as it opened" })
    return card
  })

/** The author's whole diff against its merge base: tracked changes, then each untracked file as new. */
const writeDiff = (g: GitShape, dir: string, from: string, untracked: ReadonlyArray<string>, file: string) =>
  Effect.gen(function* () {
    const tracked = (yield* g.run(dir, ["diff", "--no-ext-diff", "--no-color", "-M", from])).stdout
    const extra: Array<Buffer> = []
    for (const p of untracked.slice(0, 200)) {
      extra.push((yield* g.run(dir, ["diff", "--no-ext-diff", "--no-color", "--no-index", "--", "/dev/null", p], { ok: [1] })).stdout)
    }
    yield* Effect.sync(() => {
      fs.mkdirSync(nodePath.dirname(file), { recursive: true })
      fs.writeFileSync(file, Buffer.concat([tracked, ...extra]))
    })
  })

/** Picks or opens the reviewer, writes the diff, and hands it over: the round to record. */
export const askReview = (id: string, reviewer: string, kind: string) =>
  Effect.gen(function* () {
    const changes = yield* Changes
    const g = yield* Git
    const author = yield* changes.card(id)
    const s = yield* changes.refresh(id)
    if (s.committed.length === 0 && s.uncommitted.length === 0) {
      return yield* new Refused({ message: `"${author.label}" has changed nothing against ${s.base} — there is nothing to review` })
    }
    const peer = yield* pickReviewer(author, reviewer, kind)
    const common = (yield* g.text(s.dir, ["rev-parse", "--path-format=absolute", "--git-common-dir"])).trim()
    const file = nodePath.join(common, "lich", "reviews", `${id}-${Date.now()}.diff`)
    const untracked = s.uncommitted.filter((f) => f.untracked).map((f) => f.path)
    yield* writeDiff(g, s.dir, s.baseSha !== "" ? s.baseSha : s.head, untracked, file)
    const prompt = askReviewPrompt({
      author: author.label,
      branch: s.branch,
      base: s.base,
      diffFile: file,
      dir: s.dir,
      files: [...new Set([...s.committed, ...s.uncommitted].map((f) => f.path))]
    })
    const sent = yield* handOver(yield* relayCalls, peer.id, prompt)
    return {
      sessionId: id,
      kind: "asked" as const,
      peerId: peer.id,
      peerLabel: peer.label,
      ticket: sent.ticket,
      status: sent.status === "pending" ? "sending" : sent.status,
      answer: sent.answer,
      summary: "",
      sent
    }
  }).pipe(
    Effect.mapError((e) =>
      "detail" in e && e._tag === "GitFailed" ? new Refused({ message: `git could not write the diff: ${e.detail}` }) : e
    )
  )
