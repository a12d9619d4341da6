/**
 * What `relay.Focus` needs of the window, which the server owns: whether one is attached, and a
 * way to open one. The relay defines the seam and the server provides it, so the relay never
 * imports the server, and focusing a card when no window is open still shows it.
 */
import { Context, type Effect } from "effect"

export interface WindowOpenerShape {
  /** How many windows are attached now (each `/events` connection is one). */
  readonly attached: Effect.Effect<number>
  /** Opens a window in the browser lich was started with. */
  readonly open: Effect.Effect<void, { readonly message: string }>
}

export class WindowOpener extends Context.Tag("lich/relay/WindowOpener")<WindowOpener, WindowOpenerShape>() {}
