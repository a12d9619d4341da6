/** What a fast-path command ends in: text for stdout, one failure line, or "let the full path do it". */
import type { ExitCode } from "../exitCodes.js"

export type Result =
  | { readonly _tag: "out"; readonly text: string }
  | { readonly _tag: "fail"; readonly message: string; readonly code: ExitCode }
  | { readonly _tag: "fallback" }

/**
 * client.ts's NO_LICH, the contract's line for "no lich is running". Spelled again here because
 * client.ts evaluates Effect at its top; fast-path.test.ts asserts the two are the same string.
 */
export const NO_LICH = "no lich is running — open lich, or run this inside one of its sessions"
