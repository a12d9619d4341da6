/**
 * @lich/cost — what sessions cost: the ledger service, the transcript readers for Claude Code and
 * Codex, pricing from a pinned catalogue, and the report's arithmetic.
 */
export { CostLedger, type CostLedgerShape, READOUT_KEY } from "./CostLedger.js"
export { scanClaude, stepClaude } from "./claude.js"
export { scanCodex, stepCodex } from "./codex.js"
export { fresh, type ScanState } from "./lines.js"
export { catalogue, type PriceProvider, type Pricer, type Tokens } from "./pricing.js"
export { readFrom } from "./read.js"
export { activityOf, costReport, type CostFilter, effectiveRows, REPORTED_PREFIX } from "./report.js"
export { claudeTranscripts, codexTranscript, type Roots, rootsFrom, safeId, type Transcript } from "./transcripts.js"
