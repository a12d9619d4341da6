/**
 * A call to the backend, keyed by procedure: the payload and the answer are the contract's encoded
 * types (libs/contract/src/procedures.ts), so a procedure renamed or reshaped on the server breaks
 * the window at compile time, not at run time.
 */
import type { PayloadOf, ProcedureName, SuccessOf } from "@lich/contract"

/** The payload argument: optional where the procedure takes nothing that must be given. */
export type PayloadArg<P extends ProcedureName> =
  Partial<PayloadOf<P>> extends PayloadOf<P> ? [payload?: PayloadOf<P>] : [payload: PayloadOf<P>]

/** What a dialog gets to reach the backend: the app's call, which toasts a failure and answers undefined. */
export type Call = <P extends ProcedureName>(procedure: P, ...payload: PayloadArg<P>) => Promise<SuccessOf<P> | undefined>

/** An answer, or the one line the backend refused it with. */
export type Attempted<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string }

/** A call whose refusal is handed back rather than toasted: for a panel that says it where it was asked (the dock's landing actions). */
export type Attempt = <P extends ProcedureName>(procedure: P, ...payload: PayloadArg<P>) => Promise<Attempted<SuccessOf<P>>>
