/**
 * Pull requests through gh: whether gh can be used here at all (`gh auth status`, said on the card's
 * menu, never raised as an error dialog), each session's PR with its checks, opening one, sending
 * its failing checks to the agent, a project's PR list, and checking a PR out as a worktree session.
 * A session's PR is read when its card first reads and whenever its HEAD moves (a commit, a push, a
 * rebase) — never on a timer; a read that fails keeps the last figures, marked stale with why.
 */
import {
  type FromId,
  GhStatus,
  Handed,
  type LichError,
  type Opened,
  Pr,
  PrChecks,
  PrDraft,
  PrListItem,
  Read,
  Refused
} from "@lich/contract"
import { EventHub } from "@lich/events"
import { type RelayCalls, relayCalls } from "@lich/relay"
import { type Card, ServerConfig, Workspace } from "@lich/spawn"
import { Projects } from "@lich/store"
import { Clock, Context, Effect, Layer, Option } from "effect"
import { Changes } from "./Changes.js"
import { checksOf, checksPrompt, logTail } from "./checks.js"
import { Git, type GitShape, NETWORK_TIMEOUT_MS } from "./Git.js"
import { accountOf, type GhFailed, type PrJson, parseJson, runGh } from "./gh.js"
import { handOver } from "./handover.js"
import { storeFailed } from "./storeFailed.js"

const PR_FIELDS = "number,state,reviewDecision,headRefName,statusCheckRollup,title,url,isDraft"

export interface PrsShape {
  readonly status: () => Effect.Effect<GhStatus>
  /** Reads the session's PR now and publishes it on the card; undefined when it has none. */
  readonly refresh: (id: string) => Effect.Effect<Pr | undefined, LichError>
  readonly draft: (id: string) => Effect.Effect<PrDraft, LichError>
  readonly open: (id: string, title: string, body: string, draft: boolean) => Effect.Effect<Pr, LichError>
  readonly sendChecks: (id: string) => Effect.Effect<Handed, LichError>
  readonly list: (projectId: string) => Effect.Effect<ReadonlyArray<PrListItem>, LichError>
  readonly checkout: (projectId: string, n: number, kind: string) => Effect.Effect<Opened, LichError>
}

export class Prs extends Context.Tag("lich/git/Prs")<Prs, PrsShape>() {}

interface Deps {
  readonly changes: Changes["Type"]
  readonly g: GitShape
  readonly relay: Context.Context<RelayCalls>
  readonly hub: EventHub["Type"]
  readonly env: Readonly<Record<string, string | undefined>>
  readonly ws: Workspace["Type"]
  readonly projects: Projects["Type"]
  /** each session's HEAD when its PR was last read */
  readonly heads: Map<string, string>
  readonly last: Map<string, Pr>
  /** 2 gh calls at once: twenty cards reading their PRs after a restart queue instead of racing GitHub */
  readonly permits: Effect.Semaphore
}

const refused = (e: GhFailed) =>
  new Refused({ message: e.reason === "missing" ? "gh is not installed — pull requests need GitHub's CLI" : `gh: ${e.detail}` })

const gh = (d: Deps, cwd: string, args: ReadonlyArray<string>, ok: ReadonlyArray<number> = []) =>
  d.permits.withPermits(1)(runGh(cwd, args, d.env, ok))

const status = (d: Deps) =>
  Effect.gen(function* () {
    const at = yield* Clock.currentTimeMillis
    const ran = yield* Effect.either(gh(d, process.cwd(), ["auth", "status"]))
    const read = new Read({ source: "gh", at, stale: false, error: "" })
    if (ran._tag === "Right") return new GhStatus({ installed: true, loggedIn: true, detail: accountOf(ran.right.stdout), read })
    const e = ran.left
    if (e.reason === "missing")
      return new GhStatus({
        installed: false,
        loggedIn: false,
        detail: "gh is not installed: pull requests, checks and PR checkouts are unavailable",
        read
      })
    return new GhStatus({ installed: true, loggedIn: false, detail: `gh is not logged in (run gh auth login): ${e.detail}`, read })
  })

const readPr = (d: Deps, card: Card, branch: string) =>
  Effect.gen(function* () {
    const at = yield* Clock.currentTimeMillis
    const viewed = yield* Effect.either(gh(d, card.dir, ["pr", "view", branch, "--json", PR_FIELDS]))
    if (viewed._tag === "Left") {
      if (viewed.left.reason === "no-pr") return undefined
      const prev = d.last.get(card.id)
      if (prev === undefined) return yield* viewed.left
      // The d.last figures stay, said to be stale: gh could not be asked now.
      const stale = new Read({ ...prev.read, stale: true, error: viewed.left.detail })
      return new Pr({ ...prev, read: stale, checks: new PrChecks({ ...prev.checks, read: stale }) })
    }
    const p = yield* parseJson<PrJson>(viewed.right.stdout, "pr view")
    const checks = yield* checksOf((args, ok) => gh(d, card.dir, args, ok), p.number, at).pipe(
      Effect.catchAll((e) =>
        Effect.succeed(
          new PrChecks({
            passed: 0,
            failed: 0,
            pending: 0,
            skipped: 0,
            checks: [],
            read: new Read({ source: "gh", at, stale: true, error: e.detail })
          })
        )
      )
    )
    return new Pr({
      number: p.number,
      state: p.state,
      reviewDecision: p.reviewDecision ?? "",
      title: p.title ?? "",
      url: p.url ?? "",
      draft: p.isDraft === true,
      headRefName: p.headRefName,
      checks,
      read: new Read({ source: "gh", at, stale: false, error: "" })
    })
  })

const refresh = (d: Deps, id: string) =>
  Effect.gen(function* () {
    const card = yield* d.changes.card(id)
    const s = yield* d.changes.get(id)
    if (s.branch === "") return undefined
    const pr = yield* readPr(d, card, s.branch).pipe(Effect.mapError(refused))
    if (pr !== undefined) d.last.set(id, pr)
    else d.last.delete(id)
    yield* d.changes.setPr(id, pr)
    return pr
  })

const draft = (d: Deps, id: string) =>
  Effect.gen(function* () {
    const s = yield* d.changes.refresh(id)
    if (s.branch === "" || s.base === "HEAD") return yield* new Refused({ message: "a pull request needs a worktree session's branch" })
    const log = yield* d.g
      .text(s.dir, ["log", "--reverse", "--format=%s%x00%b%x01", `${s.baseSha}..HEAD`])
      .pipe(Effect.orElseSucceed(() => ""))
    const commits = log
      .split("\x01")
      .map((c) => c.trim())
      .filter((c) => c !== "")
      .map((c) => c.split("\0"))
    const title = commits.length === 1 ? commits[0]![0]! : (commits[0]?.[0] ?? s.branch)
    const body = commits.length === 1 ? (commits[0]![1] ?? "").trim() : commits.map((c) => `- ${c[0]}`).join("\n")
    // A base tracked from origin is the remote's own branch name there.
    const base = s.base.startsWith("origin/") ? s.base.slice("origin/".length) : s.base
    return new PrDraft({ id, branch: s.branch, base, title, body })
  })

const open = (d: Deps, id: string, title: string, body: string, isDraft: boolean) =>
  Effect.gen(function* () {
    const card = yield* d.changes.card(id)
    const drafted = yield* draft(d, id)
    const s = yield* d.changes.get(id)
    if ((s.standing?.ahead ?? 0) === 0)
      return yield* new Refused({ message: `"${card.label}" has no commits that ${s.base} lacks — nothing to open a pull request for` })
    const st = yield* status(d)
    if (!st.loggedIn) return yield* new Refused({ message: st.detail })
    yield* d.g
      .run(s.dir, ["push", "-u", "origin", `HEAD:refs/heads/${drafted.branch}`], { timeoutMs: NETWORK_TIMEOUT_MS })
      .pipe(Effect.mapError((e) => new Refused({ message: `git push failed: ${e.detail}` })))
    const args = [
      "pr",
      "create",
      "--title",
      title.trim() || drafted.title,
      "--body",
      body.trim() || drafted.body || drafted.title,
      "--base",
      drafted.base,
      "--head",
      drafted.branch
    ]
    yield* gh(d, s.dir, isDraft ? [...args, "--draft"] : args).pipe(Effect.mapError(refused))
    const pr = yield* refresh(d, id)
    if (pr === undefined) return yield* new Refused({ message: "gh opened the pull request but cannot find it now — refresh the card" })
    return pr
  })

const sendChecks = (d: Deps, id: string) =>
  Effect.gen(function* () {
    const card = yield* d.changes.card(id)
    const pr = yield* refresh(d, id)
    const failing = pr?.checks.checks.filter((c) => c.bucket === "fail" || c.bucket === "cancel") ?? []
    if (pr === undefined || failing.length === 0) return yield* new Refused({ message: `"${card.label}" has no failing checks to send` })
    const tails = yield* Effect.forEach(failing, (c) => logTail((args) => gh(d, card.dir, args), c), { concurrency: 2 })
    const sent = yield* handOver(d.relay, id, checksPrompt(pr.number, failing, tails))
    return new Handed({ id, label: card.label, ticket: sent.ticket })
  })

const projectDir = (d: Deps, projectId: string) =>
  Effect.flatMap(storeFailed(d.projects.get(projectId)), (p) =>
    Option.isSome(p) ? Effect.succeed(p.value.path) : Effect.fail(new Refused({ message: `no project with id ${projectId}` }))
  )

const list = (d: Deps, projectId: string) =>
  Effect.gen(function* () {
    const dir = yield* projectDir(d, projectId)
    const ran = yield* gh(d, dir, ["pr", "list", "--json", "number,title,headRefName,state,author,isDraft,url", "--limit", "50"]).pipe(
      Effect.mapError(refused)
    )
    const rows = yield* parseJson<ReadonlyArray<PrJson & { author?: { login?: string } }>>(ran.stdout, "pr list").pipe(
      Effect.mapError(refused)
    )
    return rows.map(
      (r) =>
        new PrListItem({
          number: r.number,
          title: r.title ?? "",
          headRefName: r.headRefName,
          state: r.state,
          author: r.author?.login ?? "",
          draft: r.isDraft === true,
          url: r.url ?? ""
        })
    )
  })

/** The PR's head branch fetched (a branch already here is taken as it stands), then a worktree session on it. */
const checkout = (d: Deps, projectId: string, n: number, kind: string) =>
  Effect.gen(function* () {
    const dir = yield* projectDir(d, projectId)
    const viewed = yield* gh(d, dir, ["pr", "view", String(n), "--json", "number,headRefName"]).pipe(Effect.mapError(refused))
    const p = yield* parseJson<PrJson>(viewed.stdout, "pr view").pipe(Effect.mapError(refused))
    const branch = p.headRefName
    const exists = (yield* d.g
      .text(dir, ["rev-parse", "--verify", "-q", `refs/heads/${branch}`], { ok: [1] })
      .pipe(Effect.orElseSucceed(() => ""))).trim()
    if (exists === "") {
      yield* d.g
        .run(dir, ["fetch", "--", "origin", `refs/pull/${n}/head:refs/heads/${branch}`], { timeoutMs: NETWORK_TIMEOUT_MS })
        .pipe(Effect.mapError((e) => new Refused({ message: `fetching pull request #${n} failed: ${e.detail}` })))
    }
    return yield* d.ws.open({
      from: "" as FromId,
      project: dir,
      kind,
      worktree: branch,
      base: "",
      model: "",
      effort: "",
      ultracode: false,
      folder: ""
    })
  })

const make = Effect.gen(function* () {
  const d: Deps = {
    changes: yield* Changes,
    g: yield* Git,
    relay: yield* relayCalls,
    hub: yield* EventHub,
    env: (yield* ServerConfig).env,
    ws: yield* Workspace,
    projects: yield* Projects,
    heads: new Map(),
    last: new Map(),
    permits: yield* Effect.makeSemaphore(2)
  }
  // A PR's figures move when its branch does: read when a card's HEAD is first seen or moves.
  yield* d.hub.listen((e) => {
    if (e._tag === "session-closed") {
      d.heads.delete(e.id)
      d.last.delete(e.id)
      return Effect.void
    }
    if (e._tag !== "session-git" || !e.git.repository || e.git.branch === "") return Effect.void
    if (d.heads.get(e.git.id) === e.git.head) return Effect.void
    d.heads.set(e.git.id, e.git.head)
    return Effect.forkDaemon(Effect.ignore(refresh(d, e.git.id)))
  })

  return Prs.of({
    status: () => status(d),
    refresh: (id) => refresh(d, id),
    draft: (id) => draft(d, id),
    open: (id, title, body, isDraft) => open(d, id, title, body, isDraft),
    sendChecks: (id) => sendChecks(d, id),
    list: (projectId) => list(d, projectId),
    checkout: (projectId, n, kind) => checkout(d, projectId, n, kind)
  })
})

export const PrsLayer = Layer.scoped(Prs, make)
