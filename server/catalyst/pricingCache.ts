import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../db/rawRows';
import { loadPricingSnapshotWith, type PricingSnapshot, type SnapshotRequest } from './pricingSnapshot';

/** What prices a client's catalogue apart from the client itself: the same until the company changes it. */
type PricingParts = Pick<PricingSnapshot, 'config' | 'metals' | 'exchanges' | 'group' | 'rules'>;

/** Sent by the triggers of migration 0017 with the company's id, at commit. */
const channel = 'aisle_catalyst_pricing';
const maxAccounts = 200;
const maxPerAccount = 2000;

interface Listening {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

const listeningClient = (database: Database): Listening | undefined => {
  if (database.kind !== 'pglite') return undefined;
  const client = (database.db as unknown as { $client?: Partial<Listening> }).$client;
  return typeof client?.listen === 'function' ? (client as Listening) : undefined;
};

/**
 * The pricing half of a client's catalogue snapshot (config, rates, group, rules), kept in memory on PGlite.
 * Planning the snapshot's statement cost PGlite more than the rest of a catalogue page (about 3.5 ms of a 4 ms
 * statement); with the parts kept, a page reads only what is the client's own — the account (blocked, group), its
 * device and the count — in one small statement. Kept until a trigger (migration 0017) says the company's pricing
 * changed: PGlite is one process, and it hands the notice to the listener while the writing statement or its commit
 * returns, before anything else can read, so no read after a change sees the parts from before it. On
 * PostgreSQL several processes share the database and a notice arrives a moment after the commit, so there the
 * snapshot is read with every page, as before.
 */
export class PricingCache {
  private readonly accounts = new Map<string, Map<string, PricingParts>>();
  /** Bumped by each change of a company: a load that began before one does not keep what it read. */
  private readonly generations = new Map<string, number>();
  private stop: (() => Promise<void>) | undefined;

  private constructor(private readonly enabled: boolean) {}

  /** A cache that keeps parts on PGlite (listening to the triggers' notices), and none on PostgreSQL. */
  static async open(database: Database): Promise<PricingCache> {
    const client = listeningClient(database);
    const cache = new PricingCache(client !== undefined);
    if (client) cache.stop = await client.listen(channel, (accountId) => cache.invalidate(accountId));
    return cache;
  }

  /** The company's pricing changed: its clients' parts are read again. */
  invalidate(clientAccountId: string): void {
    this.generations.set(clientAccountId, (this.generations.get(clientAccountId) ?? 0) + 1);
    this.accounts.delete(clientAccountId);
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = undefined;
    await stop?.();
    this.accounts.clear();
  }

  /**
   * The snapshot of a client's call and one more scalar (`extra`, the list's count), like loadPricingSnapshotWith;
   * with the parts kept, from one statement of the client's own rows. Outside any transaction only (`db`): parts
   * read inside one could hold its uncommitted writes.
   */
  async snapshotWith(
    db: Db,
    req: SnapshotRequest & { readonly clientUserId: string },
    extra: SQL,
  ): Promise<{ snapshot: PricingSnapshot; extra: unknown }> {
    if (!this.enabled) return loadPricingSnapshotWith(db, req, extra);
    const device = req.deviceId
      ? sql`exists (select 1 from catalyst_client_device d
          where d.client_user_id = ${req.clientUserId}::uuid and d.device_id = ${req.deviceId})`
      : sql`true`;
    const [row] = rowsOf(
      await db.execute(sql`
        select u.id, u.username, u.name, u.language, u.is_blocked, u.user_group_id::text as user_group_id,
          ${device} as device_ok, ${extra} as extra
        from (select 1) one
        left join catalyst_client_user u on u.id = ${req.clientUserId}::uuid
          and u.client_account_id = ${req.clientAccountId}::uuid`),
    );
    // No such client: the call is refused (unauthorized) as before, from the full statement.
    if (row?.id === null || row?.id === undefined) return loadPricingSnapshotWith(db, req, extra);
    const groupId = typeof row.user_group_id === 'string' ? row.user_group_id : null;
    const parts = await this.partsOf(db, req.clientAccountId, req.clientUserId, groupId);
    const snapshot: PricingSnapshot = {
      ...parts,
      client: {
        id: String(row.id),
        username: String(row.username),
        name: typeof row.name === 'string' ? row.name : null,
        language: typeof row.language === 'string' ? row.language : null,
        isBlocked: row.is_blocked === true,
      },
      deviceOk: row.device_ok === true,
    };
    return { snapshot, extra: row.extra };
  }

  private async partsOf(
    db: Db,
    clientAccountId: string,
    clientUserId: string,
    clientGroupId: string | null,
  ): Promise<PricingParts> {
    const key = `${clientUserId}/${clientGroupId ?? ''}`;
    const kept = this.accounts.get(clientAccountId)?.get(key);
    if (kept) return kept;
    const generation = this.generations.get(clientAccountId) ?? 0;
    const { snapshot } = await loadPricingSnapshotWith(
      db,
      { clientAccountId, clientUserId, clientGroupId },
      sql`null`,
    );
    const parts: PricingParts = {
      config: snapshot.config,
      metals: snapshot.metals,
      exchanges: snapshot.exchanges,
      group: snapshot.group,
      rules: snapshot.rules,
    };
    if ((this.generations.get(clientAccountId) ?? 0) === generation) this.keep(clientAccountId, key, parts);
    return parts;
  }

  private keep(clientAccountId: string, key: string, parts: PricingParts): void {
    let account = this.accounts.get(clientAccountId);
    if (!account) {
      if (this.accounts.size >= maxAccounts) {
        const oldest = this.accounts.keys().next();
        if (!oldest.done) this.accounts.delete(oldest.value);
      }
      account = new Map();
      this.accounts.set(clientAccountId, account);
    }
    if (account.size >= maxPerAccount) {
      const oldest = account.keys().next();
      if (!oldest.done) account.delete(oldest.value);
    }
    account.set(key, parts);
  }
}
