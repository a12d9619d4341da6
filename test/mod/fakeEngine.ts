/**
 * A fake Claude Code engine for lich's hooks module (hooks/hooks/lich.js): a stub `on` that keeps
 * each registration, and a `$` of plain objects that records every call and lets the test answer
 * it — an HTTP request parks until the test responds to it, a timer fires only when the test fires
 * it (so the delays a mod asks for are read exactly, with no real time passing), and the prompt,
 * abort, command and fork calls resolve through deferreds the test holds.
 *
 * Each `load()` imports a fresh copy of the module, since the module keeps its running mods in
 * module state, as Claude Code's one load per session does.
 */
import * as path from "node:path"
import { pathToFileURL } from "node:url"

/** A hook as the module registers it: plain JS, so what it takes and answers is untyped here. */
type Hook = (...args: Array<never>) => unknown
/** Calls a hook the way Claude Code does, with whatever arguments the event carries. */
const invoke = (hook: Hook, ...args: Array<unknown>): unknown => (hook as (...a: Array<unknown>) => unknown)(...args)

export interface Deferred<T> {
  readonly promise: Promise<T>
  readonly resolve: (value: T) => void
  readonly reject: (error: unknown) => void
}

export const deferred = <T>(): Deferred<T> => {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** One request the module made through `$.http.fetch`, waiting for the test's answer. */
export interface Request {
  readonly url: URL
  readonly path: string
  readonly method: string
  readonly headers: Record<string, string>
  /** The JSON body of a POST, parsed. */
  readonly body: Record<string, unknown> | undefined
  readonly respond: (status: number, text?: string) => void
  readonly fail: (message?: string) => void
}

export interface Timer {
  readonly ms: number
  readonly fire: () => void
  cancelled: boolean
}

export interface Call<A, R> {
  readonly args: A
  readonly reply: Deferred<R>
}

/** A queue that hands each item to the first waiter it suits, or holds it until one comes. */
class Stream<T> {
  readonly seen: Array<T> = []
  private readonly held: Array<T> = []
  private readonly waiters: Array<{ test: (item: T) => boolean; resolve: (item: T) => void }> = []
  push(item: T) {
    this.seen.push(item)
    const w = this.waiters.findIndex((x) => x.test(item))
    if (w >= 0) this.waiters.splice(w, 1)[0]!.resolve(item)
    else this.held.push(item)
  }
  /** The next item that passes `test`, held or still to come. */
  next(test: (item: T) => boolean = () => true): Promise<T> {
    const i = this.held.findIndex(test)
    if (i >= 0) return Promise.resolve(this.held.splice(i, 1)[0]!)
    return new Promise((resolve) => this.waiters.push({ test, resolve }))
  }
  /** Items pushed and not yet taken by next(). */
  get pending(): ReadonlyArray<T> {
    return this.held
  }
}

const root = path.resolve(__dirname, "..", "..")
const modulePath = path.join(root, "hooks", "hooks", "lich.js")
let loads = 0

/** The lich a session of this fake runs under. */
export const lichEnv = { LICH_PORT: "4711", LICH_TOKEN: "00ff00ff", LICH_SESSION_ID: "s-1" }

/** Answers for Claude Code's side, given once instead of call by call (a call then resolves at once). */
export interface AutoReplies {
  readonly submit?: (args: { text: string }) => unknown
  readonly abort?: () => void
  readonly command?: () => unknown
  readonly fork?: () => unknown
  /** Answers `$.process.run` (agent-cards' `lich open`, `git`, `lich sessions`) at once. */
  readonly run?: (argv: ReadonlyArray<string>, init: Record<string, unknown> | undefined) => unknown
}

/** One `$.process.run` the module made: its argv and options, answered through `reply`. */
export type Run = Call<{ argv: ReadonlyArray<string>; init: Record<string, unknown> | undefined }, unknown>

interface Registration {
  readonly pattern: string
  readonly matcher: Record<string, unknown> | undefined
  readonly hook: Hook
}

/** A stub `on` that keeps each registration and refuses a repeat, as Claude Code does. */
const registrar = () => {
  const registrations: Array<Registration> = []
  const on = (pattern: string, ...rest: Array<unknown>) => {
    const [matcher, hook] = rest.length === 1 ? [undefined, rest[0] as Hook] : [rest[0] as Record<string, unknown>, rest[1] as Hook]
    const key = JSON.stringify([pattern, matcher ?? null])
    if (registrations.some((r) => JSON.stringify([r.pattern, r.matcher ?? null]) === key)) throw new Error(`${pattern} registered twice`)
    registrations.push({ pattern, matcher, hook })
    return { catch: () => undefined }
  }
  return { on, registrations }
}

/** The streams where each call the fake `$` took waits for the test. */
const newStreams = () => ({
  requests: new Stream<Request>(),
  timers: new Stream<Timer>(),
  submits: new Stream<Call<{ text: string; asUser?: true }, unknown>>(),
  aborts: new Stream<Call<{ turnId: string }, void>>(),
  commands: new Stream<Call<{ command: string; args?: string }, unknown>>(),
  forks: new Stream<Call<{ prompt: string }, unknown>>(),
  runs: new Stream<Run>()
})

type Streams = ReturnType<typeof newStreams>

/** A `$` call the test answers through `stream`, or that answers itself when `answer` is given. */
const call =
  <A, R>(stream: Stream<Call<A, R>>, answer?: (args: A) => unknown) =>
  (args: A) => {
    const reply = deferred<R>()
    stream.push({ args, reply })
    if (answer) reply.resolve(answer(args) as R)
    return reply.promise
  }

/** `$.http.fetch`: each request waits in `requests` for the test to respond to it or fail it. */
const fakeFetch =
  (requests: Stream<Request>) =>
  (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    new Promise((resolve, reject) => {
      const u = new URL(url)
      requests.push({
        url: u,
        path: u.pathname,
        method: init.method ?? "GET",
        headers: init.headers ?? {},
        body: init.body === undefined ? undefined : (JSON.parse(init.body) as Record<string, unknown>),
        respond: (status, text = "") => resolve({ status, ok: status >= 200 && status < 300, headers: {}, text }),
        fail: (message = "connection refused") => reject(new Error(message))
      })
    })

/** `$.clock.after`: each timer waits in `timers` for the test to fire it; a cancelled one fires nothing. */
const fakeAfter = (timers: Stream<Timer>) => (ms: number, fn: () => void) => {
  const timer: Timer = {
    ms,
    cancelled: false,
    fire: () => {
      if (!timer.cancelled) fn()
    }
  }
  timers.push(timer)
  return {
    cancel: () => {
      timer.cancelled = true
    }
  }
}

/** A fake `$` of plain objects, and the streams where each call it took waits for the test. */
const fakeDollar = (env: Record<string, string>, auto: AutoReplies) => {
  const streams = newStreams()
  const counts = { envReads: [] as Array<string>, invalidations: 0, toasts: [] as Array<{ text: string; options: unknown }>, now: 0 }
  const $ = {
    env: {
      get: async (name: string) => {
        counts.envReads.push(name)
        return env[name]
      }
    },
    http: { fetch: fakeFetch(streams.requests) },
    clock: { after: fakeAfter(streams.timers), now: async () => counts.now },
    process: {
      run: (argv: ReadonlyArray<string>, init?: Record<string, unknown>) =>
        call(
          streams.runs,
          auto.run && ((a: { argv: ReadonlyArray<string>; init: Record<string, unknown> | undefined }) => auto.run!(a.argv, a.init))
        )({ argv, init })
    },
    prompt: { submit: call(streams.submits, auto.submit) },
    turn: { abort: call(streams.aborts, auto.abort) },
    command: { run: call(streams.commands, auto.command) },
    model: { fork: call(streams.forks, auto.fork) },
    session: { id: async () => "conv-1" },
    ui: {
      invalidate: () => void counts.invalidations++,
      toast: (text: string, options?: unknown) => void counts.toasts.push({ text, options })
    }
  }
  return { $, streams, counts }
}

const matches = (matcher: Record<string, unknown> | undefined, e: Record<string, unknown>) =>
  matcher === undefined || Object.entries(matcher).every(([k, v]) => e[k] === v)

type Dispatch = (event: string, e: Record<string, unknown>, next?: Hook) => unknown

/** Raises a streaming turn.step and resolves with the step the engine was asked to send. */
const stepThrough = async (dispatch: Dispatch, e: Record<string, unknown>) => {
  const sent: Array<Record<string, unknown>> = []
  const next = (x: Record<string, unknown>) =>
    (async function* () {
      sent.push(x)
      yield { type: "chunk" }
      return { response: "done" }
    })()
  const gen = dispatch("turn.step", e, next) as AsyncGenerator<unknown, unknown>
  const chunks: Array<unknown> = []
  for (;;) {
    const r = await gen.next()
    if (r.done) return { sent: sent[0], chunks, result: r.value }
    chunks.push(r.value)
  }
}

/**
 * Fires timers in order until one of them makes a request to `path`, and returns that timer and
 * its request. A timer of another mod that fires here makes its own request, which stays held.
 */
const fireUntil = async (streams: Streams, path: string) => {
  for (;;) {
    const timer = await streams.timers.next()
    const before = streams.requests.seen.length
    timer.fire()
    const made = streams.requests.seen.slice(before).find((r) => r.path === path)
    if (made !== undefined) return { timer, request: await streams.requests.next((r) => r === made) }
  }
}

export const load = async (env: Record<string, string> = lichEnv, auto: AutoReplies = {}) => {
  const mod = (await import(`${pathToFileURL(modulePath).href}?load=${++loads}`)) as {
    register: (on: Hook, options: Record<string, unknown>) => void
  }
  const { on, registrations } = registrar()
  mod.register(on, {})
  const { $, streams, counts } = fakeDollar(env, auto)

  /** Raises `event` as Claude Code would: through the one registration it matches, onto `next`. */
  const dispatch = (event: string, e: Record<string, unknown>, next: Hook = async (x: unknown) => x) => {
    const hit = registrations.filter((r) => r.pattern === event && matches(r.matcher, e))
    if (hit.length > 1) throw new Error(`${event} matched ${hit.length} registrations`)
    return hit.length === 0 ? invoke(next, e) : invoke(hit[0]!.hook, $, e, next)
  }

  return {
    ...streams,
    registrations,
    dispatch,
    step: (e: Record<string, unknown>) => stepThrough(dispatch, e),
    fireUntil: (path: string) => fireUntil(streams, path),
    start: (isInteractive = true) => dispatch("session.start", { cwd: "/work", surface: "terminal", isInteractive }),
    /** The next request to `path` (held or still to come). */
    requestTo: (path: string) => streams.requests.next((r) => r.path === path),
    envReads: counts.envReads,
    invalidations: () => counts.invalidations,
    toasts: counts.toasts,
    /** Sets what `$.clock.now()` answers from now on. */
    setNow: (ms: number) => {
      counts.now = ms
    }
  }
}

export type Engine = Awaited<ReturnType<typeof load>>

/** Lets every promise the module has in flight run (it makes no real I/O, so a few turns suffice). */
export const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
}
