/**
 * The candidate we measured against and did not ship: the same fourteen tools served by
 * @effect/ai's McpServer over stdio. bench/mcp-list-sessions.mjs bundles it beside the hand-written
 * server so both are timed in one run (docs/mcp.md has the numbers and the decision). Not part of
 * any bundle lich ships.
 */
import { McpSchema, McpServer } from "@effect/ai"
import * as NodeSink from "@effect/platform-node/NodeSink"
import * as NodeStream from "@effect/platform-node/NodeStream"
import { Effect, Layer } from "effect"
import { LichClient } from "../../apps/cli/src/layers.js"
import { tools } from "../../apps/cli/src/mcp/tools.js"

const result = (text: string, isError: boolean) =>
  new McpSchema.CallToolResult({ content: [{ type: "text", text }], ...(isError ? { isError: true } : {}) })

const register = Layer.effectDiscard(
  Effect.gen(function* () {
    const server = yield* McpServer.McpServer
    for (const t of tools) {
      yield* server.addTool({
        tool: new McpSchema.Tool({
          name: t.name,
          description: t.description,
          inputSchema: t.inputSchema,
          ...(t.readOnly ? { annotations: new McpSchema.ToolAnnotations({ readOnlyHint: true }) } : {})
        }),
        handle: (args: unknown) =>
          t.run((args ?? {}) as Record<string, unknown>).pipe(
            Effect.map((r) => result(r.text, r.isError)),
            Effect.catchAll((e) => Effect.succeed(result(e.message, true))),
            // The tools reach lich through the CLI's client service, as in the shipped server.
            Effect.provide(LichClient.nodeHttp)
          )
      })
    }
  })
)

const main = register.pipe(
  Layer.provide(McpServer.layerStdio({ name: "lich", version: "bench", stdin: NodeStream.stdin, stdout: NodeSink.stdout }))
)

Layer.launch(main).pipe(Effect.runFork)
