/**
 * The window's static files, served without a token: the page carries the token in its own URL and
 * sends it on every call, so the files themselves hold no secret. Paths are confined to the asset
 * directory; anything else is a 404.
 */
import * as fs from "node:fs"
import type * as http from "node:http"
import * as path from "node:path"

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".map": "application/json"
}

const MISSING_WINDOW = `<!doctype html><meta charset="utf-8"><title>lich</title>
<body style="font:14px system-ui;margin:3em;color:#444">lich is running, but its window was not built — run <code>npm run build</code>.</body>`

/** The path under the asset root a URL path names, or undefined for one no file can have. */
const relativePath = (urlPath: string): string | undefined => {
  if (urlPath === "/") return "index.html"
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined // a broken escape such as %E0%A4%A
  }
  return decoded.includes("\0") ? undefined : decoded.replace(/^\/+/, "")
}

export const serveStatic = (root: string, urlPath: string, res: http.ServerResponse): void => {
  const rel = relativePath(urlPath)
  if (rel === undefined) {
    res.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("malformed path")
    return
  }
  const file = path.resolve(root, rel)
  if (!file.startsWith(path.resolve(root) + path.sep)) {
    res.writeHead(404).end()
    return
  }
  fs.readFile(file, (err, data) => {
    if (err) {
      if (rel === "index.html") res.writeHead(200, { "content-type": TYPES[".html"]! }).end(MISSING_WINDOW)
      else res.writeHead(404).end()
      return
    }
    res.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "cache-control": "no-cache",
      "x-content-type-options": "nosniff"
    })
    res.end(data)
  })
}
