import type { RuleIssue } from '../domain/errors';
import { provisionalNumber } from '../domain/numbering/documentNumber';
import { definitionOf, type Intent, subjectOf, targetOf } from '../domain/sync/intents';
import type { SyncChange, SyncEntity } from '../domain/sync/wire';
import { isDocumentTypeCode } from '../domain/warehouse/documentTypes';
import { todayOf } from '../domain/warehouse/isoDate';
import { documentNumberingFor } from '../domain/warehouse/logisticsConfig';
import type { DeviceCounters, StoreTx } from './ports';
import { emptyState, type RebaseOptions, type ReplicaState, stockShadowKey } from './rebase';
import { rewriteNumber } from './renumber';
import { shadowKeyOf, toStoredRow } from './rows';
import { baseSource, type LoadedReplay, replayFrom, viewSource } from './stateSource';
import type { OutboxEntry, Rejection, Row, ShadowRecord, StockRecord } from './types';
import { checkIntent, type LocalRefusal } from './validateIntent';
import { readLogisticsConfig } from './validationContext';

/**
 * What the engine does to a replica, each inside one store transaction. The replica's tables hold the VIEW
 * (server rows + pending work); for every row the pending work changed, the shadow table keeps the server's
 * version. Invariant: a row without a shadow is the server's; a row with one is rebase(shadows, overlay).
 */

/** Entities the pending work can change (the others are only ever written by the feed). */
const overlayEntities: ReadonlySet<SyncEntity> = new Set([
  'wmsDocument',
  'wmsDocumentPosition',
  'stock',
  'wmsOrder',
  'wmsOrderPosition',
]);

/** An entry that still shapes the view: not rejected, and not covered by the server's watermark. */
export const inOverlay = (entry: OutboxEntry, lastMutationId: number): boolean =>
  entry.status !== 'rejected' && !(entry.sent && entry.mutationId <= lastMutationId);

export const rebaseOptionsOf = async (tx: StoreTx): Promise<RebaseOptions> => ({
  reserving: (await readLogisticsConfig(tx)).workingCopiesCountInStock,
});

// --- writing a replay's rows ---

type Parsed = { entity: SyncEntity; id: string };
const parseShadowKey = (key: string): Parsed => {
  const bar = key.indexOf('|');
  return { entity: key.slice(0, bar) as SyncEntity, id: key.slice(bar + 1) };
};

const valueIn = (state: ReplicaState, { entity, id }: Parsed): Row | null | undefined => {
  switch (entity) {
    case 'wmsDocument':
      return state.documents.get(id);
    case 'wmsDocumentPosition':
      return state.lines.get(id);
    case 'stock':
      return state.stock.get(id);
    case 'wmsOrder':
      return state.orders.get(id);
    case 'wmsOrderPosition':
      return state.orderPositions.get(id);
    default:
      return undefined;
  }
};

const refOf = (entity: SyncEntity, row: Row | null | undefined): string | null => {
  if (!row) return null;
  if (entity === 'wmsDocumentPosition') return String(row.documentId ?? '');
  if (entity === 'wmsOrderPosition') return String(row.orderId ?? '');
  if (entity === 'stock') return row.id.startsWith('local:') ? null : row.id;
  return null;
};

/** Removes every view row of the given stock keys. */
const removeStockKeys = async (tx: StoreTx, keys: ReadonlySet<string>): Promise<void> => {
  if (!keys.size) return;
  const products = [...new Set([...keys].map((k) => (JSON.parse(k) as string[])[0] ?? ''))];
  const rows = (await tx.where('stock', 'productId', products)) as StockRecord[];
  const ids = rows.filter((r) => keys.has(r.key)).map((r) => r.id);
  if (ids.length) await tx.remove('stock', ids);
};

/** Writes rows by shadow key: `row` null removes. Stock rows are replaced by key. */
const writeRows = async (tx: StoreTx, rows: ReadonlyMap<string, Row | null>): Promise<void> => {
  const puts = new Map<SyncEntity, Row[]>();
  const removes = new Map<SyncEntity, string[]>();
  const stockKeys = new Set<string>();
  for (const [key, row] of rows) {
    const { entity, id } = parseShadowKey(key);
    if (entity === 'stock') stockKeys.add(id);
    else if (!row) removes.set(entity, [...(removes.get(entity) ?? []), id]);
    if (row) puts.set(entity, [...(puts.get(entity) ?? []), row]);
  }
  await removeStockKeys(tx, stockKeys);
  for (const [entity, ids] of removes) await tx.remove(entity, ids);
  for (const [entity, list] of puts) await tx.put(entity, list);
};

/**
 * Puts a replay's changed rows into the view, first saving the server's version of rows that had no shadow
 * yet (for those, the replay's `before` is the table row, which is the server's).
 */
const writeReplay = async (tx: StoreTx, replay: LoadedReplay): Promise<void> => {
  const keys = [...replay.touched];
  if (!keys.length) return;
  const shadowed = new Set((await tx.shadowGet(keys)).map((s) => s.key));
  const shadows: ShadowRecord[] = [];
  const rows = new Map<string, Row | null>();
  for (const key of keys) {
    const parsed = parseShadowKey(key);
    const after = valueIn(replay.state, parsed) ?? null;
    const before = valueIn(replay.before, parsed) ?? null;
    if (!shadowed.has(key))
      shadows.push({ key, ...parsed, ref: refOf(parsed.entity, before ?? after), row: before });
    rows.set(key, after);
  }
  if (shadows.length) await tx.shadowPut(shadows);
  await writeRows(tx, rows);
};

const sameIssues = (a: readonly RuleIssue[] | undefined, b: readonly RuleIssue[] | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Recomputes the view of every row the pending work concerns from the server's versions: rows no entry
 * changes any more get their server version back (and lose their shadow). Run after a pull, a rejection
 * or a renumbering.
 */
export const rebaseAll = async (tx: StoreTx): Promise<void> => {
  const meta = await tx.meta();
  const shadows = await tx.shadowAll();
  const overlay = (await tx.outboxOpen()).filter((e) => inOverlay(e, meta.lastMutationId));
  if (!shadows.length && !overlay.length) return;
  const seed = emptyState();
  for (const s of shadows) {
    switch (s.entity) {
      case 'wmsDocument':
        seed.documents.set(s.id, s.row);
        break;
      case 'wmsDocumentPosition':
        seed.lines.set(s.id, s.row);
        break;
      case 'stock':
        seed.stock.set(s.id, s.row as StockRecord | null);
        break;
      case 'wmsOrder':
        seed.orders.set(s.id, s.row);
        break;
      case 'wmsOrderPosition':
        seed.orderPositions.set(s.id, s.row);
        break;
      default:
        break;
    }
  }
  const replay = await replayFrom(baseSource(tx), seed, overlay, await rebaseOptionsOf(tx));
  const restore = new Map<string, Row | null>();
  const dropped: string[] = [];
  for (const s of shadows) {
    if (replay.touched.has(s.key)) continue;
    restore.set(s.key, s.row);
    dropped.push(s.key);
  }
  await writeRows(tx, restore);
  if (dropped.length) await tx.shadowDelete(dropped);
  await writeReplay(tx, replay);
  const changed = overlay.filter((e) => !sameIssues(e.conflict, replay.conflicts.get(e.mutationId)));
  if (changed.length)
    await tx.outboxPut(
      changed.map((e) => {
        const conflict = replay.conflicts.get(e.mutationId);
        const { conflict: _old, ...rest } = e;
        return conflict ? { ...rest, conflict } : rest;
      }),
    );
};

// --- the feed ---

/**
 * Applies one page of the change feed: rows the pending work did not change go straight into the view
 * (bulk, the initial-sync path); changes of rows it did change go to their shadow, and the view of those
 * is recomputed when the pull completes.
 */
export const applyChangesPage = async (
  tx: StoreTx,
  changes: readonly SyncChange[],
  cursor: string,
): Promise<void> => {
  const puts = new Map<SyncEntity, Row[]>();
  const removes = new Map<SyncEntity, string[]>();
  const routed = (await tx.shadowCount()) > 0 ? await routeShadowed(tx, changes) : new Set<SyncChange>();
  for (const change of changes) {
    if (routed.has(change)) continue;
    if (change.op === 'upsert') {
      const list = puts.get(change.entity) ?? [];
      list.push(toStoredRow(change.entity, change.id, change.data));
      puts.set(change.entity, list);
    } else {
      const list = removes.get(change.entity) ?? [];
      list.push(change.id);
      removes.set(change.entity, list);
    }
  }
  for (const [entity, ids] of removes) await tx.remove(entity, ids);
  for (const [entity, rows] of puts) await tx.put(entity, rows);
  await tx.setMeta({ cursor });
};

/** Writes the changes of shadowed rows into their shadows; returns those changes. */
const routeShadowed = async (tx: StoreTx, changes: readonly SyncChange[]): Promise<Set<SyncChange>> => {
  const routed = new Set<SyncChange>();
  const candidates = changes.filter((c) => overlayEntities.has(c.entity));
  if (!candidates.length) return routed;
  const upsertKey = new Map<SyncChange, { key: string; row: Row }>();
  const keys: string[] = [];
  const stockDeletes: string[] = [];
  for (const c of candidates) {
    if (c.op === 'upsert') {
      const row = toStoredRow(c.entity, c.id, c.data);
      const key = c.entity === 'stock' ? stockShadowKey(String(row.key)) : shadowKeyOf(c.entity, c.id);
      upsertKey.set(c, { key, row });
      keys.push(key);
    } else if (c.entity === 'stock') stockDeletes.push(c.id);
    else keys.push(shadowKeyOf(c.entity, c.id));
  }
  const shadows = new Map((await tx.shadowGet(keys)).map((s) => [s.key, s]));
  // A stock tombstone names the server's row id: found through the shadow's ref, or the view row's key.
  const stockShadowById = new Map<string, ShadowRecord>();
  if (stockDeletes.length) {
    for (const s of await tx.shadowByRef(stockDeletes))
      if (s.entity === 'stock' && s.ref) stockShadowById.set(s.ref, s);
    const rest = stockDeletes.filter((id) => !stockShadowById.has(id));
    const viewRows = rest.length ? ((await tx.get('stock', rest)) as StockRecord[]) : [];
    const byKey = new Map(
      (await tx.shadowGet(viewRows.map((r) => stockShadowKey(r.key)))).map((s) => [s.key, s]),
    );
    for (const r of viewRows) {
      const s = byKey.get(stockShadowKey(r.key));
      // The shadow names another server row (or none): this tombstone is of an older row; nothing to keep.
      if (s) stockShadowById.set(r.id, { ...s, ref: s.ref === r.id ? s.ref : null });
    }
  }
  const next = new Map<string, ShadowRecord>();
  for (const c of candidates) {
    if (c.op === 'upsert') {
      const u = upsertKey.get(c);
      const s = u && (next.get(u.key) ?? shadows.get(u.key));
      if (!u || !s) continue;
      next.set(u.key, { ...s, row: u.row, ref: refOf(c.entity, u.row) ?? s.ref });
      routed.add(c);
    } else if (c.entity === 'stock') {
      const s = stockShadowById.get(c.id);
      if (!s) continue;
      const current = next.get(s.key) ?? s;
      if (current.ref === c.id) next.set(s.key, { ...current, row: null, ref: null });
      routed.add(c);
    } else {
      const key = shadowKeyOf(c.entity, c.id);
      const s = next.get(key) ?? shadows.get(key);
      if (!s) continue;
      next.set(key, { ...s, row: null });
      routed.add(c);
    }
  }
  if (next.size) await tx.shadowPut([...next.values()]);
  return routed;
};

/**
 * Ends a complete pull: entries the server's watermark covers leave the overlay (accepted ones are done and
 * deleted), and the view of what the pending work concerns is recomputed on the new server rows.
 */
export const finishPull = async (tx: StoreTx, lastMutationId: number, at: string): Promise<void> => {
  const meta = await tx.meta();
  const watermark = Math.max(meta.lastMutationId, lastMutationId);
  const done = (await tx.outboxOpen()).filter((e) => e.status === 'accepted' && e.mutationId <= watermark);
  if (done.length) await tx.outboxDelete(done.map((e) => e.mutationId));
  await tx.setMeta({ lastMutationId: watermark, lastSyncAt: at });
  await rebaseAll(tx);
};

// --- the outbox ---

export interface EnqueueDeps {
  readonly deviceId: string;
  readonly userId: string;
  readonly now: number;
  readonly newKey: () => string;
  readonly counters?: DeviceCounters;
}

export type EnqueueResult =
  | { readonly ok: true; readonly entry: OutboxEntry; readonly warnings: readonly RuleIssue[] }
  | { readonly ok: false; readonly refusal: LocalRefusal };

const nextCounter = (
  stored: number,
  counters: DeviceCounters | undefined,
  name: 'mutationId' | 'deviceSeq',
) => Math.max(stored, counters?.read(name) ?? 0) + 1;

/** A new provisional number for a document type from the next device sequence. */
const nextProvisional = async (
  tx: StoreTx,
  typeCode: string,
  deps: Pick<EnqueueDeps, 'deviceId' | 'now' | 'counters'>,
): Promise<{ number: string; seq: number } | null> => {
  if (!isDocumentTypeCode(typeCode)) return null;
  const config = await readLogisticsConfig(tx);
  const meta = await tx.meta();
  const seq = nextCounter(meta.deviceSeq, deps.counters, 'deviceSeq');
  const made = provisionalNumber(
    documentNumberingFor(config, typeCode),
    seq,
    deps.deviceId,
    todayOf(deps.now),
  );
  return made.ok ? { number: made.number, seq } : null;
};

/**
 * Checks an intent on the view, then applies it to the view and queues it — or refuses it with the server's
 * codes and changes nothing. A document.create without a number gets the next provisional one. Rejected
 * entries about the same record and action are marked dealt with (the user redid it).
 */
export const enqueueIntent = async (
  tx: StoreTx,
  intent: Intent,
  deps: EnqueueDeps,
): Promise<EnqueueResult> => {
  const meta = await tx.meta();
  let seq = meta.deviceSeq;
  let wanted = intent;
  const numbering = definitionOf(intent).numbering;
  if (numbering && !numbering.number(intent)) {
    const made = await nextProvisional(tx, numbering.typeCode(intent), deps);
    if (!made) return { ok: false, refusal: { code: 'documentTypeMissing' } };
    seq = made.seq;
    wanted = numbering.withNumber(intent, made.number);
  }
  const mutationId = nextCounter(meta.lastIssuedMutationId, deps.counters, 'mutationId');
  const entry: OutboxEntry = {
    mutationId,
    deviceId: deps.deviceId,
    userId: deps.userId,
    idempotencyKey: deps.newKey(),
    createdAt: new Date(deps.now).toISOString(),
    intent: wanted,
    status: 'pending',
    attempts: 0,
    sent: false,
  };
  const config = await readLogisticsConfig(tx);
  const replay = await replayFrom(viewSource(tx), emptyState(), [entry], {
    reserving: config.workingCopiesCountInStock,
  });
  const check = await checkIntent({
    reader: tx,
    intent: wanted,
    before: replay.before,
    after: replay.state,
    config,
    today: todayOf(deps.now),
  });
  if (check.refusal) return { ok: false, refusal: check.refusal };
  await writeReplay(tx, replay);
  await tx.outboxPut([entry]);
  await tx.setMeta({ lastIssuedMutationId: mutationId, deviceSeq: seq, deviceId: deps.deviceId });
  deps.counters?.write('mutationId', mutationId);
  if (seq !== meta.deviceSeq) deps.counters?.write('deviceSeq', seq);
  if (meta.rejectedMayExist) await resolveRedone(tx, entry, deps.now);
  return { ok: true, entry, warnings: check.warnings };
};

const targetKey = (intent: Intent): string => {
  const t = targetOf(intent);
  return `${intent.kind}|${t.entity}|${t.id}`;
};

/** A new intent redoes what a rejected one with the same action and record wanted: the rejection is dealt with. */
const resolveRedone = async (tx: StoreTx, entry: OutboxEntry, now: number): Promise<void> => {
  const key = targetKey(entry.intent);
  const open = await tx.outboxRejected();
  const redone = open.filter((e) => targetKey(e.intent) === key);
  if (redone.length)
    await tx.outboxPut(redone.map((e) => ({ ...e, resolvedAt: new Date(now).toISOString() })));
  // None left to redo: later enqueues need not look until the next rejection.
  if (open.length === redone.length) await tx.setMeta({ rejectedMayExist: false });
};

/** The final number the server gave a created document, when its answer says. */
const documentNumberIn = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const n = (body as { documentNumber?: unknown }).documentNumber;
  return typeof n === 'string' && n !== '' ? n : undefined;
};

/**
 * Records accepted entries. A created document shows its final number at once (the view row and, for later
 * rebases, the entry's result); everything else waits for the pull, which brings the server's rows.
 */
export const markAccepted = async (
  tx: StoreTx,
  accepted: readonly { readonly entry: OutboxEntry; readonly body: unknown }[],
): Promise<void> => {
  if (!accepted.length) return;
  const entries: OutboxEntry[] = [];
  const renamed: Row[] = [];
  for (const { entry, body } of accepted) {
    const { lastError: _e, ...rest } = entry;
    // A document made under a provisional number: the answer names its final one.
    const numbered = definitionOf(entry.intent).numbering !== undefined;
    const number = numbered ? documentNumberIn(body) : undefined;
    entries.push({
      ...rest,
      status: 'accepted',
      sent: true,
      ...(number ? { result: { documentNumber: number } } : {}),
    });
    const documentId = subjectOf(entry.intent).documentId;
    if (number && documentId) {
      const [doc] = await tx.get('wmsDocument', [documentId]);
      if (doc && doc.documentNumber !== number) renamed.push({ ...doc, documentNumber: number });
    }
  }
  await tx.outboxPut(entries);
  if (renamed.length) await tx.put('wmsDocument', renamed);
};

/** A final refusal: the entry leaves the view (rebase) and stays listed until the user acts. */
export const markRejected = async (tx: StoreTx, entry: OutboxEntry, rejection: Rejection): Promise<void> => {
  const { lastError: _e, conflict: _c, ...rest } = entry;
  await tx.outboxPut([{ ...rest, status: 'rejected', sent: true, rejection }]);
  await tx.setMeta({ rejectedMayExist: true });
  await rebaseAll(tx);
};

/** A transient failure: counted and kept for the inspector; the entry is retried in place. */
export const markAttempt = async (
  tx: StoreTx,
  entry: OutboxEntry,
  error: { status: number; code: string },
  now: number,
): Promise<void> => {
  const current = await tx.outboxGet(entry.mutationId);
  if (current?.status !== 'pending') return;
  await tx.outboxPut([
    {
      ...current,
      attempts: entry.attempts,
      sent: true,
      lastError: { ...error, at: new Date(now).toISOString() },
    },
  ]);
};

/**
 * 406: the server refused the proposed number. The document takes a new provisional number from the next
 * device sequence; this entry and every later pending one carrying the old number are rewritten. Returns the
 * rewritten entry (null when its intent names no provisional number).
 */
export const renumber = async (
  tx: StoreTx,
  entry: OutboxEntry,
  deps: Pick<EnqueueDeps, 'deviceId' | 'now' | 'counters'>,
): Promise<OutboxEntry | null> => {
  const numbering = definitionOf(entry.intent).numbering;
  if (!numbering) return null;
  const old = numbering.number(entry.intent);
  const made = await nextProvisional(tx, numbering.typeCode(entry.intent), deps);
  if (!made) return null;
  await tx.setMeta({ deviceSeq: made.seq });
  deps.counters?.write('deviceSeq', made.seq);
  const later = (await tx.outboxOpen()).filter(
    (e) => e.status === 'pending' && e.mutationId >= entry.mutationId && e.userId === entry.userId,
  );
  const rewritten = later.map((e) => ({ ...e, intent: rewriteNumber(e.intent, old, made.number) }));
  await tx.outboxPut(
    rewritten.map((e) =>
      e.mutationId === entry.mutationId ? { ...e, attempts: entry.attempts, sent: true } : e,
    ),
  );
  await rebaseAll(tx);
  return (await tx.outboxGet(entry.mutationId)) ?? null;
};

/** The user dealt with a rejection (discarded it): it leaves the inspector. */
export const discardRejected = async (tx: StoreTx, mutationId: number, now: number): Promise<boolean> => {
  const entry = await tx.outboxGet(mutationId);
  if (entry?.status !== 'rejected' || entry.resolvedAt) return false;
  await tx.outboxPut([{ ...entry, resolvedAt: new Date(now).toISOString() }]);
  return true;
};
