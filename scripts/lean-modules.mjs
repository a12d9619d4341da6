// esbuild plugins that cut what a CLI bundle costs to evaluate on every call (build.mjs uses them;
// measured in docs/ceilings.md, "CLI cold start"): builtins loaded only when first used, builtins
// bound without a per-file copy, and jsonc-parser's unused modules left out.
import { createRequire } from "node:module"
import { join } from "node:path"

const require = createRequire(import.meta.url)

// Builtins the CLI's dependencies import at their top but use only on paths a call rarely takes:
// node:crypto (NodeFileSystem's temp-file names), node:readline (prompts), node:os (temp dir, a
// missing HOME). Loading them is several ms of a cold call, so each becomes a module of getters
// that requires the real one on first use; the getters keep every name, so callers see no change.
const lazyBuiltins = ["crypto", "readline", "os"]
export const lazyBuiltinsPlugin = {
  name: "lazy-builtins",
  setup(b) {
    const filter = new RegExp(`^(node:)?(${lazyBuiltins.join("|")})$`)
    b.onResolve({ filter }, (args) =>
      args.namespace === "lazy-builtin"
        ? { path: args.path, external: true } // the stub's own require: the real module
        : { path: args.path.replace(/^node:/, ""), namespace: "lazy-builtin" }
    )
    b.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, (args) => {
      const id = JSON.stringify(`node:${args.path}`)
      const names = Object.getOwnPropertyNames(require(`node:${args.path}`)).filter((n) => n !== "default")
      const getters = names.map((n) => `get ${JSON.stringify(n)}() { return real()[${JSON.stringify(n)}] }`)
      return { contents: `let m\nconst real = () => m ?? (m = require(${id}))\nmodule.exports = { ${getters.join(", ")} }`, loader: "js" }
    })
  }
}

// jsonc-parser declares no `sideEffects`, so esbuild keeps every module its index imports, and
// format.js's string-intern.js builds its indentation strings at load: ~340 KB allocated on
// `lich plugin`'s list, which only parses, and enough to push that call into a scavenge (measured:
// docs/ceilings.md). Its modules only define functions, enums and tables, so they are marked free
// of side effects and one nothing uses is left out.
export const jsoncPure = {
  name: "jsonc-pure",
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) =>
      /[\\/]jsonc-parser[\\/]lib[\\/]esm[\\/]/.test(args.importer)
        ? { path: join(args.resolveDir, `${args.path}.js`), sideEffects: false }
        : undefined
    )
  }
}

// esbuild's output for `import * as fs from "node:fs"` (an external CommonJS module) makes, in each
// importing file, a fresh object with a getter per property of the module (`__toESM`): ~50 KB of
// garbage for each import of node:fs, and the first bundles import fs and path in a dozen files
// (measured with the other cuts: `lich plugin --json` then stayed under its first scavenge,
// docs/ceilings.md). Those builtins become one ES module each here, its exports the module's own
// names, so esbuild binds `fs.readFileSync` straight to one of them and drops every one nothing reads.
const facadeBuiltins = ["fs", "path", "http", "net"]
export const builtinFacades = {
  name: "builtin-facades",
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(node:)?(${facadeBuiltins.join("|")})$`) }, (args) =>
      args.namespace === "builtin-facade"
        ? { path: args.path, external: true } // the facade's own require: the real module
        : { path: args.path.replace(/^node:/, ""), namespace: "builtin-facade" }
    )
    b.onLoad({ filter: /.*/, namespace: "builtin-facade" }, (args) => {
      const names = Object.keys(require(`node:${args.path}`)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== "default")
      const exports = names.map((n) => `export const ${n} = /* @__PURE__ */ __real(${JSON.stringify(n)})`)
      return {
        contents: `const m = require("node:${args.path}")\nconst __real = (n) => m[n]\nexport default m\n${exports.join("\n")}`,
        loader: "js"
      }
    })
  }
}
