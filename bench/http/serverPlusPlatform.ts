/** Size only (never run): the server bundle's entry with the platform candidate beside it. */
import { startApp } from "../../apps/server/src/bin.js"
import { platformListener } from "./platformCandidate.js"

export { platformListener, startApp }
