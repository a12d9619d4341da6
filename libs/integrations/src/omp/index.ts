/**
 * oh-my-pi: the plugin install (install.ts, the extension in extension.ts), the ready screen, and
 * the cost oh-my-pi computes itself, read from its session files (cost.ts).
 */
import { Effect } from "effect"
import type { Integration } from "../Integration.js"
import { installedWithTools } from "../plugin/installed.js"
import { ompCost } from "./cost.js"
import { TOOLS_MOUNTED as MOUNTED } from "./extension.js"
import { ompAgentDir } from "./install.js"

/**
 * Ready, with lich's plugin installed: oh-my-pi draws its prompt 3–5.5 s after start (18.2.3) and
 * connects MCP servers only after that (0.6–1.4 s later), and a task submitted before lich's tools
 * are mounted goes out without them. Its screen says when they are — "xdev: xd://: mounted
 * mcp__lich_…" by default, "Connected to MCP server: lich." with tools.xdev off — and those lines
 * come only after the prompt, so either is "prompt and tools" — but oh-my-pi redraws only the cells
 * that changed, and over its animated welcome box those phrases arrived split in 2 runs of 5
 * (load 14–17). The reliable sign is lich's extension's own: it writes MOUNTED (extension.ts) once
 * oh-my-pi lists lich's tools. Without the plugin, quiet decides, as for any provider whose screen
 * lich does not read.
 */
const TOOLS_MOUNTED = { ready: ["mounted mcp__lich_", "Connected to MCP server: lich."], signals: [MOUNTED], dialogs: [] }

export const omp: Integration = {
  id: "omp",
  setup: (i) =>
    Effect.sync(() =>
      installedWithTools("omp", i.env, i.home)
        ? { args: [], env: {}, tools: "devices" as const, screen: TOOLS_MOUNTED }
        : { args: [], env: {} }
    ),
  cost: (env, home) => ompCost(ompAgentDir(env, home))
}
