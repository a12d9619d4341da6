/**
 * State that changes only through a subclass's named actions, and tells whoever listens after each
 * change. The window's state is one (AppStore); a panel with state of its own (a dock, a timeline)
 * is another, made beside it in lich-app. Components read a store through StoreController; nothing
 * but the store's own actions writes it, so every change has a name to search for.
 */
export type Listener<S> = (state: S) => void

export class Store<S extends object> {
  #state: S
  readonly #listeners = new Set<Listener<S>>()

  constructor(initial: S) {
    this.#state = initial
  }

  get state(): S {
    return this.#state
  }

  /** Called after every change; the answer stops it. */
  subscribe(listener: Listener<S>): () => void {
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  /** Replaces the fields given and tells every listener once, with the whole new state. */
  protected set(patch: Partial<S>): void {
    this.#state = { ...this.#state, ...patch }
    // A copy: a listener may subscribe or leave while it is told.
    for (const l of [...this.#listeners]) l(this.#state)
  }
}
