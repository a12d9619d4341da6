/**
 * Crush: the plugin install (install.ts, a block in the global crushrc), and the cost Crush
 * computes itself, read from its own database (cost.ts).
 */
import type { Integration } from "../Integration.js"
import { crushCost } from "./cost.js"

export const crush: Integration = { id: "crush", cost: () => crushCost }
