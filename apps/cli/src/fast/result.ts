/** What a fast-path command ends in: text for stdout, one failure line, or "let the full path do it". */
import type { ExitCode } from "../exitCodes.js"

export type Result =
  | { readonly _tag: "out"; readonly text: string }
  | { readonly _tag: "fail"; readonly message: string; readonly code: ExitCode }
  | { readonly _tag: "fallback" }
