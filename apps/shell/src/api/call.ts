/** What a dialog gets to reach the backend: the app's call, which toasts a failure and answers undefined. */
export type Call = <A>(method: string, payload?: Record<string, unknown>) => Promise<A | undefined>
