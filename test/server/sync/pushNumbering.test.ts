import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PushedCall, PushResponse } from '../../../domain/sync/wire';
import type { Row } from '../../../server/resources/rows';
import { receiptWorld } from '../../support/receiptWorld';
import { writtenTables } from '../../support/statementRecorder';
import { pushedCalls, receiptPush } from '../../support/syncBuilders';

// Document numbers of pushed documents are taken at the end of their push group's unit of work
// (server/warehouse/documents/documentNumbering.ts, settleDocumentNumber): the counter's row lock, which
// serialises every save of a type, is then held only from there to the commit, never across the lines, the
// confirmation and the stock they move. These tests prove it stays gapless and unique under concurrent pushes,
// and read the order of each transaction's statements (recorded through the unit of work, never timed).

const w = receiptWorld();

const pushed = pushedCalls();

/** A terminal's receipt as it queues it offline: the document (working-copy number), three lines, the confirmation. */
const receiptCalls = (dev: string, workingNumber: string): { id: string; calls: PushedCall[] } =>
  receiptPush(pushed, dev, {
    documentNumber: workingNumber,
    locationId: w.location.id,
    productId: w.product.id,
    lines: 3,
  });

const docs = () => {
  const d = w.t.ctx.schema.resourceTables.wmsDocument;
  if (!d) throw new Error('no document table');
  return d;
};

const takesCounter = (statement: string) => writtenTables(statement).includes('document_counter');

/** The documentNumber of the `i`-th outcome's body. */
const numberAt = (out: PushResponse['results'], i: number): string =>
  String(((out[i]?.body ?? {}) as Row).documentNumber);

/** The counter's number of a final number (its last digits). */
const counterOf = (number: string): number => Number(/(\d+)$/.exec(number)?.[1] ?? Number.NaN);

describe('document numbers of pushed documents', () => {
  it('concurrent pushes of one type get unique, gapless numbers, taken after every other write of the push', async () => {
    const terminals = 12;
    const receipts = Array.from({ length: terminals }, (_, i) => receiptCalls(`dev-${i}`, `WC-DIN-T${i}-1`));
    w.statements.units.length = 0;
    const answers = await Promise.all(receipts.map((r) => w.push(r.calls)));

    // Every call succeeded, and the answers carry the final number (never the pending one).
    for (const out of answers) expect(out.map((r) => r.status)).toEqual([201, 201, 201, 201, 200]);
    const answered = answers.map((out) => numberAt(out, 0));
    const confirmed = answers.map((out) => numberAt(out, 4));
    expect(confirmed).toEqual(answered);

    const idColumn = docs().id;
    if (!idColumn) throw new Error('no document id');
    const rows = await w.t.ctx.db
      .select()
      .from(docs())
      .where(
        inArray(
          idColumn,
          receipts.map((r) => r.id),
        ),
      );
    expect(rows).toHaveLength(terminals);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    receipts.forEach((r, i) => {
      const row = byId.get(r.id);
      expect(row?.documentNumber).toBe(answered[i]);
      expect(row?.offlineNumber).toBe(`WC-DIN-T${i}-1`);
      expect(row?.statusCode).toBe('confirmed');
    });
    // No duplicate, no gap: the counters are exactly 1..terminals, with one prefix.
    expect(new Set(answered.map((n) => n.replace(/\d+$/, ''))).size).toBe(1);
    expect(answered.map(counterOf).sort((a, b) => a - b)).toEqual(
      Array.from({ length: terminals }, (_, i) => i + 1),
    );

    // The record log names the documents by their final numbers (what was logged while pending is renamed).
    const log = w.t.ctx.schema.resourceTables.recordLog;
    if (!log?.resourceId || !log.resourceTitle || !log.clientAccountId) throw new Error('no record log');
    const logged = await w.t.ctx.db
      .select()
      .from(log)
      .where(
        and(
          eq(log.clientAccountId, w.acc),
          inArray(
            log.resourceId,
            receipts.map((r) => r.id),
          ),
        ),
      );
    expect(logged.length).toBeGreaterThanOrEqual(terminals * 2);
    for (const entry of logged) {
      const number = answered[receipts.findIndex((r) => r.id === entry.resourceId)];
      expect(entry.resourceTitle).toBe(number);
      expect(JSON.stringify([entry.oldObject, entry.newObject])).not.toContain('pending:');
    }

    // The stored outcomes (a repeat of the push is answered from them) carry the final numbers too.
    const again = await w.push(receipts[0]?.calls ?? []);
    expect(again.every((r) => r.replayed)).toBe(true);
    expect(numberAt(again, 0)).toBe(answered[0]);

    // Each push's transaction takes the counter after every other write of its unit of work: after it come
    // only the number's own statements (the check that no client took it, setting it on the document and its
    // record log rows) and the calls' stored outcomes.
    const numbered = w.statements.units.map((u) => u.statements).filter((u) => u.some(takesCounter));
    expect(numbered).toHaveLength(terminals);
    for (const unit of numbered) {
      const at = unit.findIndex(takesCounter);
      const before = unit.slice(0, at).flatMap(writtenTables);
      // Not vacuous: the lines, the confirmation's stock and ledger went before it. (The calls' stored outcomes
      // are written after it, once, with the final numbers: pushHotRows.test.ts.)
      expect(before).toEqual(
        expect.arrayContaining(['wms_document', 'wms_document_position', 'stock', 'stock_movement']),
      );
      const after = unit.slice(at + 1).filter((q) => !/^\s*(commit|rollback)\b/i.test(q));
      expect(after.length).toBeLessThanOrEqual(3);
      // The stored outcomes' statement also raises the device's last mutation id (its own row, no other
      // terminal's).
      expect([...new Set(after.flatMap(writtenTables))].sort()).toEqual(
        ['record_log', 'sync_device', 'sync_mutation', 'wms_document'].sort(),
      );
    }
  });

  it('a document deleted in its own push takes no number: the next one follows without a gap', async () => {
    const counter = w.t.ctx.schema.warehouseTables.documentCounter;
    const lastValue = async () =>
      (await w.t.ctx.db.select().from(counter).where(eq(counter.clientAccountId, w.acc))).map((r) => r.lastValue);
    const before = await lastValue();
    const id = randomUUID();
    const out = await w.push([
      pushed('dev-del', 'POST', '/api/WmsDocument', {
        id,
        typeCode: 'DIN',
        destinationLocationId: w.location.id,
        positions: [],
      }),
      pushed('dev-del', 'DELETE', `/api/WmsDocument/${id}`),
    ]);
    expect(out.map((r) => r.status)).toEqual([201, 204]);
    expect(await lastValue()).toEqual(before);
    const next = await w.push(receiptCalls('dev-del', 'WC-DIN-DEL-2').calls);
    expect(counterOf(numberAt(next, 0))).toBe((before[0] ?? 0) + 1);
  });
});
