/** The pure half of the sandbox: no `node:*` import, safe for the window and the CLI bundle. */

export { bwrapArgs, type ConfineInput, type PathKind } from "./bwrap.js"
export { type ConfineQuestion, parseRung, type Rung, rungEnvName, rungSettingKey, rungs, shouldConfine } from "./Rung.js"
export { providerStatePaths } from "./stateDirs.js"
