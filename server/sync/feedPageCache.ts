/** How much a FeedPageCache keeps: pages, their change rows in all, and the largest page it keeps. */
export interface FeedPageCacheLimits {
  readonly pages: number;
  readonly rows: number;
  readonly rowsPerPage: number;
}

export const defaultFeedPageCacheLimits: FeedPageCacheLimits = {
  pages: 256,
  rows: 20_000,
  rowsPerPage: 2_000,
};

/**
 * Change pages computed once and handed to every terminal that asks for the same one (server/sync/changeFeed.ts
 * makes the key: account, scope, cursor, page size and the watermark read from the database). A change reaching
 * an account makes all of its terminals pull from the same cursor at once: the first computes the page, the
 * others wait for it (or find it kept) instead of running the same queries again. The key holds the watermark,
 * so a page is never served for another one, whichever process wrote what since: correct with several
 * processes. Bounded by pages and by change rows (least recently used go first); a page larger than
 * rowsPerPage (an initial sync's) is shared while it is computed, never kept.
 */
export class FeedPageCache<P extends { readonly changes: readonly unknown[] }> {
  /** Kept pages in least-recently-used order (a Map keeps insertion order). */
  private readonly kept = new Map<string, P>();
  private readonly computing = new Map<string, Promise<P>>();
  private rows = 0;

  constructor(private readonly limits: FeedPageCacheLimits = defaultFeedPageCacheLimits) {}

  /** The page of `key`: kept, being computed, or computed now by `compute` (a failure is not kept). */
  page(key: string, compute: () => Promise<P>): Promise<P> {
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return Promise.resolve(kept);
    }
    const running = this.computing.get(key);
    if (running) return running;
    const computed = compute().then(
      (page) => {
        this.computing.delete(key);
        this.keep(key, page);
        return page;
      },
      (error: unknown) => {
        this.computing.delete(key);
        throw error;
      },
    );
    this.computing.set(key, computed);
    return computed;
  }

  /** Pages and change rows kept now. */
  get size(): { readonly pages: number; readonly rows: number } {
    return { pages: this.kept.size, rows: this.rows };
  }

  private keep(key: string, page: P): void {
    const rows = page.changes.length;
    if (this.kept.has(key) || rows > this.limits.rowsPerPage || rows > this.limits.rows) return;
    this.kept.set(key, page);
    this.rows += rows;
    for (const [oldest, old] of this.kept) {
      if (this.kept.size <= this.limits.pages && this.rows <= this.limits.rows) break;
      this.kept.delete(oldest);
      this.rows -= old.changes.length;
    }
  }
}
