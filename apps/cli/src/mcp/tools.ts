/** The fourteen tools, in the contract's order: what tools/list answers and tools/call looks up. */
import { modTools } from "./modTools.js"
import { relayTools } from "./relayTools.js"
import { folderTools, listTools, sessionTools } from "./spawnTools.js"
import type { Tool } from "./Tool.js"

export const tools: ReadonlyArray<Tool> = [...relayTools, ...sessionTools, ...modTools, ...listTools, ...folderTools]
