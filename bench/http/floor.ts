/** The floor: plain node:http answering the same call with JSON.parse/stringify and nothing else. */
import * as http from "node:http"
import { BENCH_TOKEN, benchPort } from "./benchArgs.js"

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1")
  if (url.searchParams.get("token") !== BENCH_TOKEN) return res.writeHead(401).end()
  const chunks: Array<Buffer> = []
  req.on("data", (c: Buffer) => chunks.push(c))
  req.on("end", () => {
    const { text } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { text: string }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text }))
  })
})
server.listen({ port: benchPort(), host: "127.0.0.1" }, () =>
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`)
)
