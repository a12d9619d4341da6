// What a bench that drives its own lich shares: start `lich --no-window` in a private home and wait
// for it to serve, read its token, and end it (with its PTY host and sessions) and its folder if the
// run fails part-way, so a broken bench never leaves a backend behind.
import { execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"

/** Starts the backend; `stderr` is "inherit" to show its log, "pipe" to keep it out of the figures. */
export const startBackend = async (lich, env, dir, stderr) => {
  const server = spawn(lich, ["--no-window"], { env, stdio: ["ignore", "pipe", stderr] })
  await new Promise((resolve, reject) => {
    let out = ""
    server.stdout.on("data", (d) => {
      out += d
      if (/Window: http/.test(out)) resolve()
    })
    server.on("exit", (c) => reject(new Error(`backend exited ${c}`)))
  })
  const token = JSON.parse(fs.readFileSync(path.join(env.XDG_CONFIG_HOME, "lich", "runtime.json"), "utf8")).token
  const fail = (e) => {
    console.error(e)
    execFileSync(lich, ["quit"], { env })
    fs.rmSync(dir, { recursive: true, force: true })
    process.exit(1)
  }
  process.on("uncaughtException", fail)
  process.on("unhandledRejection", fail)
  return { server, token }
}

/**
 * Holds an `/events` socket open as a window would, so the backend reads checkouts for a watcher
 * (libs/git viewers.ts: with no window attached, an ask only leaves the session owed a read).
 */
export const attachWindow = async (port, token) => {
  const { WebSocket } = await import("ws")
  const socket = new WebSocket(`ws://127.0.0.1:${port}/events?token=${token}`)
  // Frames are read and dropped: what is measured is the backend's side.
  socket.on("message", () => {})
  await new Promise((resolve, reject) => {
    socket.once("open", resolve)
    socket.once("error", reject)
  })
  return socket
}
