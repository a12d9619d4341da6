/**
 * Who is asking: LICH_SESSION_ID of the calling process, "" outside a session, which is passed on,
 * not refused. Plain, for the hot commands: the contract's `fromId` builds a branded Schema value.
 */
import type { FromId } from "@lich/contract"

export const sender = (): FromId => (process.env.LICH_SESSION_ID ?? "") as FromId
