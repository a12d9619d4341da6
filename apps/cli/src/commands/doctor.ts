/**
 * `lich doctor`: walks the boot a launch walks and says whether lich would start here. Exit 1
 * exactly when a check fails; there is no --json (the exit code is the automation surface). Reads
 * the machine, not a running lich — whether one runs is one of the facts it reports.
 */
import { diagnose, failed, machine } from "@lich/doctor"
import { Effect } from "effect"
// The launch's own browser rule, so doctor and a launch can never disagree about the window.
import { findBrowser } from "../../../server/src/window/browser.js"
import { cliVersion } from "../cliVersion.js"
import { exitCodes } from "../exitCodes.js"
import { setExit, stdout } from "../output.js"
import { platformOf, renderDoctor } from "../render/doctor.js"
import { pluginBriefs } from "./pluginRows.js"

export const doctor = () =>
  Effect.gen(function* () {
    const report = yield* diagnose(machine(process.env, findBrowser, pluginBriefs))
    yield* stdout(renderDoctor(cliVersion(), platformOf(), report))
    if (failed(report)) yield* setExit(exitCodes.Failed)
  })
