import type pg from 'pg';
import type { Intent } from '../../domain/sync/intents';
import { type SyncEntity, syncEntities } from '../../domain/sync/wire';
import type { MemorySyncStore } from '../../sync/memoryStore';
import type { OutboxEntry } from '../../sync/types';
import type { ChaosTerminal } from './chaosTerminal';

/**
 * The chaos run's verdict, read from the final state only (never from how fast anything happened): what every
 * terminal queued against what PostgreSQL holds, the ledger against stock, each replica against a fresh pull
 * of its user's scope.
 */

export interface Violation {
  readonly check: 'lost' | 'duplicated' | 'negative stock' | 'stock ≠ ledger' | 'replica ≠ server';
  readonly detail: string;
}

export interface Verdict {
  readonly queued: number;
  readonly accepted: number;
  readonly rejected: Map<string, number>;
  readonly violations: Violation[];
  readonly stockKeys: number;
  readonly replicas: number;
  readonly mutationsWithoutOutcome: number;
}

const count = (violations: readonly Violation[], check: Violation['check']): number =>
  violations.filter((v) => v.check === check).length;

export const countsOf = (v: Verdict) => ({
  lost: count(v.violations, 'lost'),
  duplicated: count(v.violations, 'duplicated'),
  negative: count(v.violations, 'negative stock'),
  ledger: count(v.violations, 'stock ≠ ledger'),
  replicas: count(v.violations, 'replica ≠ server'),
});

const idsOf = (intent: Intent): { doc?: string; line?: string } => {
  switch (intent.kind) {
    case 'document.create':
      return { doc: intent.document.id };
    case 'line.add':
    case 'line.update':
      return { doc: intent.line.documentId, line: intent.line.id };
    case 'line.remove':
      return { doc: intent.documentId, line: intent.lineId };
    case 'document.confirm':
    case 'document.delete':
      return { doc: intent.documentId };
    default:
      return {};
  }
};

/** Work queued by the terminals against the server's mutations and rows: nothing lost, nothing twice. */
export const checkWork = async (
  db: pg.Client,
  accountId: string,
  terminals: readonly ChaosTerminal[],
  seededDocuments: ReadonlySet<string>,
): Promise<Omit<Verdict, 'stockKeys' | 'replicas'>> => {
  const violations: Violation[] = [];
  const mutations = new Map<string, { status: number | null; n: number }>();
  for (const row of (
    await db.query<{ key: string; status: number | null; n: string }>(
      `select idempotency_key as key, max(status_code) as status, count(*) as n from sync_mutation
       where client_account_id = $1 group by idempotency_key`,
      [accountId],
    )
  ).rows)
    mutations.set(row.key, { status: row.status, n: Number(row.n) });
  const documents = new Map(
    (
      await db.query<{ id: string; status: string }>(
        'select id, status_code as status from wms_document where client_account_id = $1',
        [accountId],
      )
    ).rows.map((r) => [r.id, r.status]),
  );
  const lines = new Set(
    (
      await db.query<{ id: string }>('select id from wms_document_position where client_account_id = $1', [
        accountId,
      ])
    ).rows.map((r) => r.id),
  );

  let queued = 0;
  let accepted = 0;
  const rejected = new Map<string, number>();
  const queuedDocs = new Set<string>();
  const queuedLines = new Set<string>();
  const deletedDocs = new Set<string>();
  const acceptedWork: { terminal: string; key: string; intent: Intent }[] = [];
  for (const t of terminals) {
    const outbox = new Map<string, OutboxEntry>(
      (await t.store.read((tx) => tx.outboxAll())).map((e) => [e.idempotencyKey, e]),
    );
    for (const [key, intent] of t.queued) {
      queued++;
      const { doc, line } = idsOf(intent);
      if (doc) queuedDocs.add(doc);
      if (line) queuedLines.add(line);
      const entry = outbox.get(key);
      const server = mutations.get(key);
      if (entry?.status === 'rejected') {
        const code = `${entry.rejection?.status ?? '?'} ${entry.rejection?.code ?? ''}`.trim();
        rejected.set(code, (rejected.get(code) ?? 0) + 1);
        if (server?.status !== undefined && server.status !== null && server.status < 300)
          violations.push({
            check: 'lost',
            detail: `${t.name} ${key}: rejected on the terminal, applied (${server.status}) on the server`,
          });
        continue;
      }
      if (entry?.status === 'pending') {
        violations.push({
          check: 'lost',
          detail: `${t.name} ${key} (${intent.kind}): still pending after settling`,
        });
        continue;
      }
      if (!server || server.status === null || server.status >= 300) {
        violations.push({
          check: 'lost',
          detail: `${t.name} ${key} (${intent.kind}): accepted on the terminal, server outcome ${server ? server.status : 'none'}`,
        });
        continue;
      }
      accepted++;
      if (intent.kind === 'document.delete') deletedDocs.add(intent.documentId);
      acceptedWork.push({ terminal: t.name, key, intent });
    }
  }
  // Every accepted intent's effect is there (unless its document was deleted afterwards).
  for (const { terminal, key, intent } of acceptedWork) {
    const { doc, line } = idsOf(intent);
    if (doc && deletedDocs.has(doc)) {
      if (documents.has(doc))
        violations.push({ check: 'lost', detail: `${terminal} ${key}: deleted document ${doc} still there` });
      continue;
    }
    if (intent.kind === 'document.create' && !documents.has(intent.document.id))
      violations.push({
        check: 'lost',
        detail: `${terminal} ${key}: document ${intent.document.id} missing`,
      });
    if (intent.kind === 'line.add' && line && !lines.has(line))
      violations.push({ check: 'lost', detail: `${terminal} ${key}: line ${line} missing` });
    if (intent.kind === 'document.confirm' && documents.get(intent.documentId) !== 'confirmed')
      violations.push({
        check: 'lost',
        detail: `${terminal} ${key}: document ${intent.documentId} is ${documents.get(intent.documentId) ?? 'missing'}, not confirmed`,
      });
  }

  // Nothing twice: one mutation per key, no mutation nobody queued, no row nobody made, each line moved once.
  const allKeys = new Set(terminals.flatMap((t) => [...t.queued.keys()]));
  for (const [key, m] of mutations) {
    if (m.n > 1) violations.push({ check: 'duplicated', detail: `mutation ${key} recorded ${m.n} times` });
    if (!allKeys.has(key))
      violations.push({ check: 'duplicated', detail: `mutation ${key} queued by no terminal` });
  }
  for (const id of documents.keys())
    if (!queuedDocs.has(id) && !seededDocuments.has(id))
      violations.push({ check: 'duplicated', detail: `document ${id} made by no terminal` });
  const seededLines = new Set(
    (
      await db.query<{ id: string }>(
        'select id from wms_document_position where client_account_id = $1 and document_id = any($2::uuid[])',
        [accountId, [...seededDocuments]],
      )
    ).rows.map((r) => r.id),
  );
  for (const id of lines)
    if (!queuedLines.has(id) && !seededLines.has(id))
      violations.push({ check: 'duplicated', detail: `line ${id} made by no terminal` });
  for (const row of (
    await db.query<{ position: string; n: string }>(
      `select position_id as position, count(*) as n from stock_movement
       where client_account_id = $1 and kind = 'confirm' group by position_id, sign(delta) having count(*) > 1`,
      [accountId],
    )
  ).rows)
    violations.push({ check: 'duplicated', detail: `line ${row.position} moved stock ${row.n} times` });
  for (const row of (
    await db.query<{ number: string; n: string }>(
      `select document_number as number, count(*) as n from wms_document
       where client_account_id = $1 group by document_number having count(*) > 1`,
      [accountId],
    )
  ).rows)
    violations.push({ check: 'duplicated', detail: `document number ${row.number} given ${row.n} times` });

  const withoutOutcome = [...mutations.values()].filter((m) => m.status === null).length;
  return { queued, accepted, rejected, violations, mutationsWithoutOutcome: withoutOutcome };
};

/** What the stock check needs of a database client (a pg client, or a bench's raw pool wrapped). */
export interface Queryable {
  query<R extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** No negative stock, and stock = the ledger (Σ movements) per stock key and per product and location. */
export const checkStock = async (
  db: Queryable,
  accountId: string,
): Promise<{ violations: Violation[]; stockKeys: number }> => {
  const violations: Violation[] = [];
  for (const row of (
    await db.query<{ id: string; quantity: number; reserved: number }>(
      `select id, quantity::float8 as quantity, reserved::float8 as reserved from stock
       where client_account_id = $1 and (quantity < 0 or reserved < 0 or reserved > quantity)`,
      [accountId],
    )
  ).rows)
    violations.push({
      check: 'negative stock',
      detail: `stock ${row.id}: ${row.quantity} (reserved ${row.reserved})`,
    });
  const keyed = await db.query<{ product: string; location: string; stock: number; ledger: number }>(
    `with l as (
       select product_id, location_id, container, serial_number, prod_date, exp_date, sum(delta) as q
       from stock_movement where client_account_id = $1
       group by product_id, location_id, container, serial_number, prod_date, exp_date),
     s as (select * from stock where client_account_id = $1)
     select coalesce(s.product_id, l.product_id) as product, coalesce(s.location_id, l.location_id) as location,
       coalesce(s.quantity, 0)::float8 as stock, coalesce(l.q, 0)::float8 as ledger
     from s full join l on s.product_id = l.product_id and s.location_id = l.location_id
       and s.container = l.container and s.serial_number = l.serial_number
       and s.prod_date is not distinct from l.prod_date and s.exp_date is not distinct from l.exp_date
     where coalesce(s.quantity, 0) <> coalesce(l.q, 0)`,
    [accountId],
  );
  for (const r of keyed.rows)
    violations.push({
      check: 'stock ≠ ledger',
      detail: `${r.product} at ${r.location}: stock ${r.stock}, ledger ${r.ledger}`,
    });
  const byPlace = await db.query<{ product: string; location: string; stock: number; ledger: number }>(
    `with l as (select product_id, location_id, sum(delta) as q from stock_movement where client_account_id = $1
                group by product_id, location_id),
          s as (select product_id, location_id, sum(quantity) as q from stock where client_account_id = $1
                group by product_id, location_id)
     select coalesce(s.product_id, l.product_id) as product, coalesce(s.location_id, l.location_id) as location,
       coalesce(s.q, 0)::float8 as stock, coalesce(l.q, 0)::float8 as ledger
     from s full join l on s.product_id = l.product_id and s.location_id = l.location_id
     where coalesce(s.q, 0) <> coalesce(l.q, 0)`,
    [accountId],
  );
  for (const r of byPlace.rows)
    violations.push({
      check: 'stock ≠ ledger',
      detail: `${r.product} at ${r.location} (summed): stock ${r.stock}, ledger ${r.ledger}`,
    });
  const keys = await db.query<{ n: string }>('select count(*) as n from stock where client_account_id = $1', [
    accountId,
  ]);
  return { violations, stockKeys: Number(keys.rows[0]?.n ?? 0) };
};

/** Every replicated table of a replica, rows in a stable text form (key order sorted). */
const stable = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, stable(v)]),
    );
  return value;
};

export const snapshotOf = (store: MemorySyncStore): Map<SyncEntity, Map<string, string>> =>
  new Map(
    syncEntities.map((entity) => [
      entity,
      new Map([...store.table(entity)].map(([id, row]) => [id, JSON.stringify(stable(row))])),
    ]),
  );

/** Where two replicas differ (empty when equal). */
export const differences = (
  mine: Map<SyncEntity, Map<string, string>>,
  reference: Map<SyncEntity, Map<string, string>>,
): string[] => {
  const out: string[] = [];
  for (const entity of syncEntities) {
    const a = mine.get(entity) ?? new Map<string, string>();
    const b = reference.get(entity) ?? new Map<string, string>();
    for (const [id, row] of b) {
      const own = a.get(id);
      if (own === undefined) out.push(`${entity} ${id}: missing`);
      else if (own !== row) out.push(`${entity} ${id}: ${own} ≠ server ${row}`);
    }
    for (const id of a.keys()) if (!b.has(id)) out.push(`${entity} ${id}: not in the server's scope`);
  }
  return out;
};

/** A replica's stock (product and location → quantity) against the stock table. */
export const stockDifferences = async (
  db: pg.Client,
  accountId: string,
  store: MemorySyncStore,
): Promise<string[]> => {
  const server = new Map<string, number>();
  for (const r of (
    await db.query<{ product: string; location: string; q: number }>(
      `select product_id as product, location_id as location, sum(quantity)::float8 as q from stock
       where client_account_id = $1 group by 1, 2`,
      [accountId],
    )
  ).rows)
    server.set(`${r.product}@${r.location}`, r.q);
  const replica = new Map<string, number>();
  for (const row of store.table('stock').values()) {
    const key = `${String(row.productId)}@${String(row.locationId)}`;
    replica.set(key, (replica.get(key) ?? 0) + Number(row.quantity));
  }
  const out: string[] = [];
  for (const key of new Set([...server.keys(), ...replica.keys()]))
    if ((server.get(key) ?? 0) !== (replica.get(key) ?? 0))
      out.push(`stock ${key}: replica ${replica.get(key) ?? 0}, table ${server.get(key) ?? 0}`);
  return out;
};
