/** The pure half of the sandbox: no `node:*` import, safe for the window and the CLI bundle. */
export { type ConfineQuestion, parseRung, type Rung, rungEnvName, rungs, rungSettingKey, shouldConfine } from "./Rung.js"
export { bwrapArgs, type ConfineInput, type PathKind } from "./bwrap.js"
export { providerStatePaths } from "./stateDirs.js"
