/**
 * Entry of the CLI bundle (dist/cli.cjs). App launches load the server bundle beside it through the
 * loader bin/lich handed us, so a command never pays for the backend's modules.
 */
import { main } from "./main.js"

declare const __lichLoad: ((name: string) => { startApp: (o: unknown) => void }) | undefined

main(process.argv.slice(2), (o) => {
  const load = (globalThis as { __lichLoad?: typeof __lichLoad }).__lichLoad
  if (!load) throw new Error("lich must be started through bin/lich")
  load("server").startApp(o)
})
