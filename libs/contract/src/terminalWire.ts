/**
 * The window's terminal socket, `/ws`, defined once for the backend, the window and the tests.
 *
 * Binary frames carry terminal bytes both ways: `[1-byte id length][session id, UTF-8][bytes]`
 * (keystrokes in, PTY output out) — never JSON or base64, because a flood of output is the hot path.
 * Text frames carry the control messages, one JSON object each, told apart by their first key:
 * the window attaches, detaches, pauses, resumes and resizes; the backend tells a window that fell
 * too far behind to redraw (`resync`), and the replay ring follows.
 *
 * The window's bundle imports this module, so it imports no Effect: the codec and the encoders are
 * plain functions. The control messages' schemas, which the backend decodes with, are in
 * terminalControl.ts; measured, one import of them put 320 KB of Effect into the window's first
 * chunk (apps/shell's first paint is a goal: bench/window-first-paint.mjs).
 */
import type { BackendControl, WindowControl } from "./terminalControl.js"

type Message<K extends string> = Extract<WindowControl, Record<K, string>>

/** 255: the id's length is one byte. Session ids are 32 hex characters, far under it. */
export const MAX_FRAME_ID_BYTES = 255

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** What starts every frame of one session: the id's length, then the id. Built once per attachment. */
export const frameHeader = (id: string): Uint8Array => {
  const idBytes = encoder.encode(id)
  const out = new Uint8Array(1 + idBytes.length)
  out[0] = idBytes.length
  out.set(idBytes, 1)
  return out
}

/** One frame: the session's header, then the bytes. */
export const encodeFrame = (id: string, payload: string | Uint8Array): Uint8Array => {
  const header = frameHeader(id)
  const bytes = typeof payload === "string" ? encoder.encode(payload) : payload
  const out = new Uint8Array(header.length + bytes.length)
  out.set(header, 0)
  out.set(bytes, header.length)
  return out
}

/**
 * A frame's session id and bytes; the bytes are a view of the frame, not a copy (a Buffer stays a
 * Buffer). `undefined` for a frame too short for the length it declares, or with no id.
 */
export const decodeFrame = <B extends Uint8Array>(frame: B): { readonly id: string; readonly payload: B } | undefined => {
  const n = frame[0]
  if (n === undefined || n === 0 || frame.length < 1 + n) return undefined
  return { id: decoder.decode(frame.subarray(1, 1 + n)), payload: frame.subarray(1 + n) as B }
}

/**
 * The text frames, written in one place so their bytes never drift: each is the JSON of its schema's
 * type with the keys in the order shown (`{"resize":id,"cols":c,"rows":r}`).
 */
export const control = {
  attach: (id: string): string => JSON.stringify({ attach: id } satisfies Message<"attach">),
  detach: (id: string): string => JSON.stringify({ detach: id } satisfies Message<"detach">),
  pause: (id: string): string => JSON.stringify({ pause: id } satisfies Message<"pause">),
  resume: (id: string): string => JSON.stringify({ resume: id } satisfies Message<"resume">),
  resize: (id: string, cols: number, rows: number): string => JSON.stringify({ resize: id, cols, rows } satisfies Message<"resize">),
  resync: (id: string): string => JSON.stringify({ resync: id } satisfies BackendControl)
} as const

/**
 * The backend's text frame as the window reads it: the session to resync, or `undefined` for
 * anything else. Plain JSON, no schema: the window decodes this one shape and must not load Effect.
 */
export const decodeBackendControl = (text: string): BackendControl | undefined => {
  let m: unknown
  try {
    m = JSON.parse(text)
  } catch {
    return undefined
  }
  const resync = typeof m === "object" && m !== null ? (m as { resync?: unknown }).resync : undefined
  return typeof resync === "string" ? { resync } : undefined
}
