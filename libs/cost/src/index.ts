/**
 * @lich/cost — what sessions cost: the ledger service, the incremental reading every transcript
 * reader shares, pricing from a pinned catalogue, and the report's arithmetic. The readers of each
 * provider's transcripts live with that provider's integration (libs/integrations).
 */
export { CostHandlers, CostLayer, CostLedger, type CostLedgerShape, READOUT_KEY } from "./CostLedger.js"
export { type Caps, refusal, usd, windowName } from "./caps.js"
export { BudgetLayer } from "./layer.js"
export { fresh, num, obj, type ScanState, SKIP, STOP, type Step, scanLines, timeOf } from "./lines.js"
export { PlanReadings, type PlanReadingsShape } from "./PlanReadings.js"
export { catalogue, type PriceProvider, type Pricer, type Tokens } from "./pricing.js"
export { readFrom } from "./read.js"
export type { CostReader, CostReaders, TotalReader } from "./readers.js"
export { activityOf, type CostFilter, costReport, effectiveRows, REPORTED_PREFIX, sessionSpend } from "./report.js"
export { DAY_CAP_KEY, SpendGate, type SpendGateShape, WINDOW_CEILING_KEY } from "./SpendGate.js"
export { dayOf, sinceMidnight } from "./spend.js"
export { listDir, safeId, type Transcript } from "./transcripts.js"
export type { WindowReader, WindowReaders, WindowReading } from "./windows.js"
