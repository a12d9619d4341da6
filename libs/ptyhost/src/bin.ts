/**
 * Entry of the PTY host bundle (dist/ptyhost.cjs), started by the backend as
 * `node ptyhost.cjs <socket> <secret-file>` in a session of its own (so a kill of the backend's
 * process group, or of the backend itself, does not reach it). argv carries paths only; the secret
 * is read from its 0600 file. It prints one line on stdout — `ready <pid>` once it listens, or
 * `busy` when a host already answers on the socket — and then never writes there again, because
 * whoever read that line may be gone.
 */
import * as fs from "node:fs"
import * as net from "node:net"
import { makeHost } from "./Host.js"

declare const __LICH_VERSION__: string
const version = typeof __LICH_VERSION__ === "string" ? __LICH_VERSION__ : "0.0.0-dev"

/** 10 s: a backend that launched a host and then never connected (it died) must not leave it behind. */
const FIRST_CLIENT_MS = 10_000

const [socketPath, secretFile] = process.argv.slice(2)
const log = (line: string) => process.stderr.write(`${new Date().toISOString()} ptyhost ${process.pid}: ${line}\n`)
const say = (line: string) => {
  process.stdout.write(`${line}\n`)
  process.stdout.end()
}

const main = () => {
  if (!socketPath || !secretFile) {
    log("usage: ptyhost.cjs <socket> <secret-file>")
    process.exit(2)
  }
  const secret = fs.readFileSync(secretFile, "utf8").trim()
  let inode = 0
  let watcher: fs.FSWatcher | undefined
  const server = net.createServer()
  const host = makeHost({
    secret,
    version,
    log,
    onDisconnect: (waiting) => {
      if (waiting > 0) log(`a backend went away; ${waiting} PTY(s) wait for the next one`)
    },
    onIdle: () => {
      log("nothing left to serve: exiting")
      watcher?.close()
      server.close()
      // Only our own socket file: never a successor's.
      try {
        if (fs.statSync(socketPath).ino === inode) fs.rmSync(socketPath, { force: true })
      } catch {
        // already gone
      }
      // At once: the backend that asked for the shutdown reads this process's end as its
      // connection closing (Host.ts), so nothing may linger after it.
      process.exit(0)
    }
  })
  server.on("connection", host.connection)
  server.on("error", (e) => {
    log(`cannot listen on ${socketPath}: ${e.message}`)
    process.exit(1)
  })
  // Created 0600 from the start (the dir is 0700 as well): no moment where another user could connect.
  const umask = process.umask(0o177)
  server.listen(socketPath, () => {
    process.umask(umask)
    inode = fs.statSync(socketPath).ino
    log(`listening on ${socketPath} (lich ${version})`)
    // A socket file deleted under us (the config dir removed) can never be reached again: the
    // sessions would run on with nobody able to attach or end them, so end them now.
    watcher = fs.watch(socketPath, () => {
      if (!fs.existsSync(socketPath)) {
        log("the socket file was removed: ending every session")
        host.shutdownAll()
      }
    })
    say(`ready ${process.pid}`)
    setTimeout(host.checkIdle, FIRST_CLIENT_MS).unref()
  })
}

// A socket that answers is a live host: never take its path. One that refuses is a dead host's file.
const probe = net.connect(socketPath ?? "")
probe.once("connect", () => {
  probe.destroy()
  say("busy")
})
probe.once("error", () => {
  try {
    fs.rmSync(socketPath ?? "", { force: true })
  } catch {
    // main reports what listen says about it
  }
  main()
})
