/**
 * Reads of one key asked for at about the same time, answered by one statement: the first ask of a key goes at
 * once; the asks of that key that come while it is on its way gather, and go together as one read when it is
 * back (so at most one read of a key runs at a time, and one gathers). A change reaching an account makes all of
 * its terminals pull at once: their pulls' heads become a few statements instead of one per terminal.
 *
 * An ask only ever joins a read that has not been sent yet, so every read's snapshot is taken after each of its
 * asks arrived: a pull still sees everything committed before it was asked (a terminal's own push included).
 */
export class GatheredReads<A, R> {
  /** Per key: the read sent last (running, or queued behind the one before it). */
  private readonly last = new Map<string, Promise<unknown>>();
  /** Per key: the read that still takes asks (not sent yet). */
  private readonly gathering = new Map<
    string,
    { readonly asks: A[]; readonly answers: Promise<readonly R[]> }
  >();

  constructor(
    /** One read for all `asks` of `key`: one answer per ask, in their order. */
    private readonly read: (key: string, asks: readonly A[]) => Promise<readonly R[]>,
  ) {}

  ask(key: string, ask: A): Promise<R> {
    let next = this.gathering.get(key);
    if (!next) {
      const asks: A[] = [];
      const before = this.last.get(key);
      // Asks made in the same turn as the first one join it too (it goes a microtask later).
      const start = before ? before.then(settle, settle) : Promise.resolve();
      const answers = start.then(() => {
        this.gathering.delete(key);
        return this.read(key, asks);
      });
      this.last.set(key, answers);
      const done = () => {
        if (this.last.get(key) === answers) this.last.delete(key);
      };
      answers.then(done, done);
      next = { asks, answers };
      this.gathering.set(key, next);
    }
    const index = next.asks.push(ask) - 1;
    return next.answers.then((all) => {
      if (index >= all.length) throw new Error(`a gathered read answered ${all.length} of ${index + 1} asks`);
      return all[index] as R;
    });
  }

  /** Keys with a read running or gathering (none once every read is back). */
  get pending(): number {
    return this.last.size;
  }
}

const settle = (): void => undefined;
