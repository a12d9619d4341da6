/** The contract's fourteen tools in its order, then lich's own list_errands: what tools/list answers and tools/call looks up. */
import { errandTools } from "./errandTools.js"
import { modTools } from "./modTools.js"
import { relayTools } from "./relayTools.js"
import { folderTools, listTools, sessionTools } from "./spawnTools.js"
import type { Tool } from "./Tool.js"

export const tools: ReadonlyArray<Tool> = [...relayTools, ...sessionTools, ...modTools, ...listTools, ...folderTools, ...errandTools]
