/**
 * Lit's way to hold a store: a controller that listens while its host is connected and asks the
 * host to render again when what it reads has changed. `select` names the part a component reads
 * (a panel's slice); the host re-renders only when that part is a new value, which the store's
 * immutable updates make an identity check.
 */
import type { ReactiveController, ReactiveControllerHost } from "lit"
import type { Store } from "./Store.js"

export class StoreController<S extends object, V = S> implements ReactiveController {
  #stop: (() => void) | undefined
  #seen: V | undefined

  constructor(
    private readonly host: ReactiveControllerHost,
    readonly store: Store<S>,
    private readonly select: (state: S) => V = (s) => s as unknown as V
  ) {
    host.addController(this)
  }

  /** What the host renders from, always the store's latest. */
  get value(): V {
    return this.select(this.store.state)
  }

  hostConnected() {
    this.#seen = this.value
    this.#stop = this.store.subscribe((s) => {
      const v = this.select(s)
      if (v === this.#seen) return
      this.#seen = v
      this.host.requestUpdate()
    })
  }

  hostDisconnected() {
    this.#stop?.()
    this.#stop = undefined
  }
}
