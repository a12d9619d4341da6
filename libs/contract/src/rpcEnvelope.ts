/**
 * The RPC failure envelope: what `POST /rpc/<group>.<Method>` answers instead of the procedure's
 * success — `{"error": <one-line message>, "failure": <the procedure's encoded error>}`, with
 * `failure` absent (not null) when the refusal is none of the procedure's errors: a body that is not
 * JSON, no such procedure, a body over 1 MiB, a failure inside lich. One codec for the server that
 * writes it and the three clients that read it (the CLI, the window, a second `lich` asking the
 * running one for a window).
 *
 * Plain TypeScript, not a Schema, on purpose: the window imports the contract for types only so no
 * schema code ships to the page, and this is the one shape the page decodes; the CLI then decodes
 * `failure` with the procedure's own error schema, which is where the typing lives.
 */

export interface RpcEnvelope {
  readonly error: string
  readonly failure?: unknown
}

/** The envelope saying `error`, carrying `failure` only when there is one. */
export const rpcEnvelope = (error: string, failure?: unknown): RpcEnvelope => (failure === undefined ? { error } : { error, failure })

/** A non-200 answer read as an envelope; each part undefined when the body does not carry it. */
export interface RpcEnvelopeRead {
  /** The server's message; undefined when the body is no envelope (another server, a bare status). */
  readonly error: string | undefined
  /** The procedure's encoded error, for its error schema to decode. */
  readonly failure: unknown
  /** `failure._tag`, the error's name, when it has one. */
  readonly tag: string | undefined
}

const NONE: RpcEnvelopeRead = { error: undefined, failure: undefined, tag: undefined }

/** Reads an already-parsed body; anything that is not an object reads as no envelope. Never throws. */
export const decodeRpcEnvelope = (json: unknown): RpcEnvelopeRead => {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return NONE
  const { error, failure } = json as { error?: unknown; failure?: unknown }
  const tag = failure !== null && typeof failure === "object" ? (failure as { _tag?: unknown })._tag : undefined
  return { error: typeof error === "string" ? error : undefined, failure, tag: typeof tag === "string" ? tag : undefined }
}

/** Reads a body as text: one that is not JSON reads as no envelope. Never throws. */
export const parseRpcEnvelope = (text: string): RpcEnvelopeRead => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return NONE
  }
  return decodeRpcEnvelope(json)
}
