/**
 * The ways a terminal operation can fail that a caller can act on. These are internal errors
 * (`Data.TaggedError`); the contract maps the ones that cross the wire to its own schemas.
 */
import { boundMessages } from "@lich/contract"
import { Data } from "effect"
import { MAX_MESSAGE_BYTES } from "./Paste.js"
import { PtySpawnError } from "./PtyAdapter.js"

export { PtySpawnError }

/** No live terminal has this id: it never started, or its process has already exited. */
export class TerminalNotFound extends Data.TaggedError("TerminalNotFound")<{
  readonly id: string
  readonly message: string
}> {
  constructor(args: { readonly id: string }) {
    super({ id: args.id, message: `no live terminal "${args.id}": it has exited or was never started` })
  }
}

/** A message over the prompt bound, after sanitising; refused whole rather than truncated. */
export class MessageTooLong extends Data.TaggedError("MessageTooLong")<{
  readonly id: string
  readonly bytes: number
  readonly limit: number
  readonly message: string
}> {
  constructor(args: { readonly id: string; readonly bytes: number; readonly limit?: number }) {
    const limit = args.limit ?? MAX_MESSAGE_BYTES
    super({
      id: args.id,
      bytes: args.bytes,
      limit,
      message: boundMessages.promptTooLong(args.bytes, limit)
    })
  }
}

export type TerminalError = TerminalNotFound | MessageTooLong | PtySpawnError
