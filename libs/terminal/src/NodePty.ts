/**
 * The only module that loads `node-pty`: it turns the native IPty into the `PtyProcess` shape.
 *
 * It checks what node-pty would otherwise report as terminal text (`execvp(3) failed`, `chdir(2)
 * failed`) so a missing binary or folder becomes a typed `PtySpawnError` instead of a card that
 * prints one line and dies. It refuses to interpret bytes: output is delivered as raw Buffers.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Effect, Layer } from "effect"
import * as pty from "node-pty"
import { PtyAdapter, type PtyExitInfo, type PtyProcess, PtySpawnError, type PtySpawnOptions } from "./PtyAdapter.js"

/** True when `file` names an executable regular file. */
const isExecutable = (file: string): boolean => {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

/** Resolves `file` the way execvp will: as a path when it has a slash, else along the child's PATH. */
const resolveExecutable = (file: string, cwd: string, env: Readonly<Record<string, string>>): string | undefined => {
  if (file.includes("/")) {
    const full = path.resolve(cwd, file)
    return isExecutable(full) ? full : undefined
  }
  // execvp's own default when PATH is unset; the child sees the same list.
  const dirs = (env.PATH ?? "/usr/local/bin:/usr/bin:/bin").split(":")
  for (const dir of dirs) {
    const candidate = path.resolve(cwd, dir === "" ? "." : dir, file)
    if (isExecutable(candidate)) return candidate
  }
  return undefined
}

const isDirectory = (dir: string): boolean => {
  try {
    return fs.statSync(dir).isDirectory()
  } catch {
    return false
  }
}

const spawnError = (o: PtySpawnOptions, reason: string, message: string) => new PtySpawnError({ file: o.file, cwd: o.cwd, reason, message })

/** 64 reads of 64 KiB: far more than a PTY buffers, so a drain always reaches the end. */
const DRAIN_READS = 64
const DRAIN_BYTES = 64 * 1024

/** What node-pty keeps of its PTY: the master's descriptor and the stream that reads it. */
interface PtyInternals {
  readonly _fd?: unknown
  readonly _socket?: { destroy: (...args: Array<unknown>) => unknown; read: () => unknown }
}

/**
 * node-pty destroys its read stream 200 ms after the child's exit when the stream has not closed
 * by then (for macOS, where it may never close), and a destroyed stream drops what the kernel still
 * holds for it. On a loaded machine the event loop can wake more than 200 ms late and run that
 * timer before it reads, and a child that wrote and exited at once loses its last bytes (node-pty
 * issue #72; seen once in CI here: "hithere" without "got:there"). So just before the stream is
 * destroyed, whatever the descriptor still holds is read at once and delivered ahead of the exit.
 * The descriptor is non-blocking (libuv sets it so), so the drain stops at EAGAIN, or at EIO when
 * the child's side is closed. These are node-pty's private fields: if a release renames them the
 * drain is skipped and behaviour is what node-pty gives.
 */
const drainBeforeDestroy = (term: pty.IPty, deliver: (bytes: Uint8Array) => void): void => {
  const { _fd: fd, _socket: socket } = term as unknown as PtyInternals
  if (typeof fd !== "number" || typeof socket?.destroy !== "function" || typeof socket.read !== "function") return
  const destroy = socket.destroy.bind(socket)
  socket.destroy = (...args) => {
    // A paused stream may hold a read of its own: read() hands it on as a 'data' event, as usual.
    while (socket.read() !== null) {
      // each chunk went out as a 'data' event
    }
    drain(fd, deliver)
    return destroy(...args)
  }
}

const drain = (fd: number, deliver: (bytes: Uint8Array) => void): void => {
  const buffer = Buffer.allocUnsafe(DRAIN_BYTES)
  for (let i = 0; i < DRAIN_READS; i++) {
    let n: number
    try {
      n = fs.readSync(fd, buffer, 0, buffer.length, null)
    } catch {
      return // EAGAIN: nothing left; EIO: the child's side is closed; EBADF: already gone
    }
    if (n <= 0) return
    deliver(Buffer.from(buffer.subarray(0, n)))
  }
}

/**
 * Wraps a native IPty. node-pty fires listeners only for events after they subscribe, so events are
 * held here until the one consumer registers; that makes "spawn, then listen" lossless whatever the
 * scheduler does in between.
 */
export const wrap = (term: pty.IPty): PtyProcess => {
  let gone = false
  let dataListener: ((data: Uint8Array) => void) | undefined
  let exitListener: ((exit: PtyExitInfo) => void) | undefined
  const heldData: Array<Uint8Array> = []
  let heldExit: PtyExitInfo | undefined

  const deliver = (bytes: Uint8Array) => {
    if (dataListener) dataListener(bytes)
    else heldData.push(bytes)
  }
  // With `encoding: null` node-pty's declared `string` payload is in fact a Buffer.
  term.onData((data: string | Uint8Array) => deliver(typeof data === "string" ? Buffer.from(data, "utf8") : data))
  drainBeforeDestroy(term, deliver)
  // node-pty emits the exit once its read stream closed, so after the last bytes (drainBeforeDestroy
  // covers the one way it can close with bytes unread).
  term.onExit(({ exitCode, signal }) => {
    gone = true
    const info: PtyExitInfo = signal ? { exitCode, signal } : { exitCode }
    if (exitListener) exitListener(info)
    else heldExit = info
  })

  return {
    pid: term.pid,
    // node-pty queues writes and loops over partial writes (and EAGAIN) itself; writing after the
    // exit would only log EBADF from its queue, so it is dropped.
    write: (data) => {
      if (!gone) term.write(typeof data === "string" ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength))
    },
    // A resize racing the exit hits a closed fd (ioctl EBADF); the child no longer cares.
    resize: (cols, rows) => {
      if (gone) return
      try {
        term.resize(cols, rows)
      } catch {
        // the fd closed between the check and the ioctl: same race, same answer
      }
    },
    kill: (signal) => {
      if (!gone) term.kill(signal)
    },
    onData: (cb) => {
      dataListener = cb
      for (const bytes of heldData.splice(0)) cb(bytes)
    },
    onExit: (cb) => {
      exitListener = cb
      if (heldExit) cb(heldExit)
    }
  }
}

const spawn = (o: PtySpawnOptions): Effect.Effect<PtyProcess, PtySpawnError> =>
  Effect.suspend(() => {
    if (!isDirectory(o.cwd)) {
      return Effect.fail(spawnError(o, "cwd", `cannot start ${o.file}: the folder ${o.cwd} does not exist`))
    }
    const resolved = resolveExecutable(o.file, o.cwd, o.env)
    if (resolved === undefined) {
      return Effect.fail(spawnError(o, "not-found", `cannot start ${o.file}: no such executable (looked along the session's PATH)`))
    }
    return Effect.try({
      try: () =>
        wrap(
          pty.spawn(resolved, [...o.args], {
            // Raw bytes: a read can end inside a UTF-8 sequence, and decoding here would corrupt it.
            // The cost: node-pty sets IUTF8 only for its utf8 mode, so cooked-mode line editing
            // (erasing a multi-byte character in `read`) works per byte; raw-mode TUIs are unaffected.
            encoding: null,
            name: o.env.TERM ?? "xterm-256color",
            cols: o.cols,
            rows: o.rows,
            cwd: o.cwd,
            env: { ...o.env }
          })
        ),
      catch: (cause) => spawnError(o, "fork", `cannot start ${o.file}: ${String(cause)}`)
    })
  })

/** The real PTY adapter. */
export const NodePtyLayer: Layer.Layer<PtyAdapter> = Layer.succeed(PtyAdapter, { spawn })
