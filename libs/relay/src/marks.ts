/**
 * The timeline's marks: what a step did to one errand, as the relay's actor hands it to the log
 * (errandLog.ts). chronicle.ts reads them off a step; the log turns them into records.
 */
import type { ErrandStatus, ErrandStep, ErrandVia } from "@lich/contract"

/** What a record starts from: the errand as it went out. */
export interface ErrandHead {
  readonly projectId: string
  readonly project: string
  readonly via: ErrandVia
  readonly senderId: string
  readonly senderLabel: string
  readonly targetId: string
  readonly targetLabel: string
  readonly private: boolean
  readonly prompt: string
  readonly createdAt: number
}

export interface Mark {
  readonly ticket: string
  readonly step: ErrandStep
  readonly detail: string
  /** On "sent": the record to start. */
  readonly head?: ErrandHead
  /** On "ended" and "late": how it ended. */
  readonly status?: Exclude<ErrandStatus, "open">
  /** On "ended" and "late": the answer (the log keeps its head and its length). */
  readonly answer?: string
}
