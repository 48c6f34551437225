/** At most this many correlation ids are remembered (docs/sync-contract.md §6). */
export const maxCorrelationIds = 50;

/**
 * The correlation ids of this client's own edit-mode calls, so it can ignore their echo. Bounded:
 * the oldest id is dropped when a new one would exceed the limit.
 */
export class CorrelationIds {
  private readonly ids = new Set<string>();

  constructor(private readonly limit = maxCorrelationIds) {}

  add(id: string): void {
    // Re-adding moves the id to the newest end.
    this.ids.delete(id);
    this.ids.add(id);
    while (this.ids.size > this.limit) {
      const oldest = this.ids.values().next();
      if (oldest.done) break;
      this.ids.delete(oldest.value);
    }
  }

  has(id: string | null | undefined): boolean {
    return typeof id === 'string' && this.ids.has(id);
  }

  get size(): number {
    return this.ids.size;
  }

  clear(): void {
    this.ids.clear();
  }
}
