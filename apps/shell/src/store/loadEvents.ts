/**
 * The events taken while loads of a whole picture are out. A picture and the events socket's frames
 * come on two connections, so a picture read before an event may land after it: laid down alone it
 * would drop what that event did (a card an opening added). Each load begun notes where the events
 * stood; when its picture lands, the events taken since then are laid again over it (each is safe to
 * apply twice). Nothing is kept while no load is out, and what only finished loads needed goes with
 * them. AppStore keeps one for the local picture, HostsStore one per host.
 */
export class LoadEvents<E> {
  /** the events since the oldest load still out began; `first` is the number of the first one */
  private log: Array<E> = []
  private first = 0
  /** each load out, and how many events had been taken when it began */
  private readonly out = new Map<number, number>()

  private get taken(): number {
    return this.first + this.log.length
  }

  begin(n: number) {
    this.out.set(n, this.taken)
  }

  take(e: E) {
    if (this.out.size > 0) this.log.push(e)
    else this.first += 1
  }

  /** The events taken since load `n` began, and every load up to `n` ended: a later one has the last word. */
  landed(n: number): ReadonlyArray<E> {
    const at = this.out.get(n)
    const since = at === undefined ? [] : this.log.slice(at - this.first)
    for (const k of [...this.out.keys()]) if (k <= n) this.out.delete(k)
    const oldest = Math.min(this.taken, ...this.out.values())
    this.log = this.log.slice(oldest - this.first)
    this.first = oldest
    return since
  }
}
