import { Data } from "effect"

/** The command line itself is wrong (arity, a flag's value). Exit 1. */
export class Usage extends Data.TaggedError("Usage")<{ readonly message: string }> {}
