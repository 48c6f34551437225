import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/rawRows';
import { receiptWorld } from '../../support/receiptWorld';
import { writtenTables } from '../../support/statementRecorder';
import { pushedCalls, receiptPush } from '../../support/syncBuilders';

// A warehouse's receipts of one product into one location all write the same stock row, and every receipt of a
// type takes the same document counter: both rows stay locked from their write to the commit, so every statement
// between the two is waiting time for all the other terminals pushing (issue 26: under a fleet the stock write
// waited seconds on average). Counted by the database layer's recorder, never timed: in the push's transaction,
// the stock write comes after the document's own writes and is followed only by the numbering (the counter, the
// check that its number is free, the document's final number) and the mutation records, written once.

const w = receiptWorld();

const pushed = pushedCalls();

const receipt = (dev: string) =>
  receiptPush(pushed, dev, { documentNumber: '', locationId: w.location.id, productId: w.product.id, lines: 2 });

const control = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const writes = (table: string) => (s: string) => writtenTables(s).includes(table);

/** The statements of the push's transaction (the one recording its mutations), transaction control left out. */
const pushTransaction = (): string[] => {
  const units = w.statements.units.filter((u) => u.transaction && u.statements.some(writes('sync_mutation')));
  expect(units).toHaveLength(1);
  return (units[0]?.statements ?? []).filter((s) => !control.test(s));
};

describe('rows every receipt shares are held for few statements', () => {
  it('the stock rows are written after the document, then only the numbering and the records', async () => {
    await w.push(receipt('warm').calls);
    w.statements.units.length = 0;
    const { id, calls } = receipt('dev-1');
    const out = await w.push(calls);
    expect(out.map((r) => r.status)).toEqual([201, 201, 201, 200]);
    const tx = pushTransaction();
    const stockAt = tx.findIndex(writes('stock'));
    const counterAt = tx.findIndex(writes('document_counter'));
    const recordsAt = tx.findIndex(writes('sync_mutation'));
    expect(stockAt).toBeGreaterThan(0);
    // After the stock: the counter, the check that its number is free, the document's final number, the records —
    // then the commit (before: six, the document's status and a second write of the records among them).
    expect(tx.length - 1 - stockAt).toBeLessThanOrEqual(4);
    expect(counterAt).toBeGreaterThan(stockAt);
    expect(tx.length - 1 - counterAt).toBeLessThanOrEqual(3);
    expect(recordsAt).toBe(tx.length - 1);
    // The document's status change (with its record log entry, one statement) comes before the stock; after it
    // only the numbering's tables and the records (with the pushing device's own row) are written.
    const statusAt = tx.findLastIndex((q) => q.includes('document_logged'));
    expect(statusAt).toBeGreaterThan(-1);
    expect(statusAt).toBeLessThan(stockAt);
    expect([...new Set(tx.slice(stockAt + 1).flatMap(writtenTables))].sort()).toEqual(
      ['document_counter', 'record_log', 'sync_device', 'sync_mutation', 'wms_document'].sort(),
    );
    // Not vacuous: the answers and the stored outcomes carry the final number, not a pending one.
    const confirmed = out[3]?.body as { documentNumber?: unknown } | undefined;
    const number = String(confirmed?.documentNumber ?? '');
    expect(number).not.toBe('');
    const [stored] = rowsOf(
      await w.t.ctx.db.execute(
        sql`select response->>'body' as n from sync_mutation where idempotency_key = ${calls[3]?.idempotencyKey}`,
      ),
    );
    expect(String(stored?.n)).toContain(number);
    const [document] = rowsOf(
      await w.t.ctx.db.execute(sql`select document_number as n from wms_document where id = ${id}::uuid`),
    );
    expect(document?.n).toBe(number);
    // A replay answers the same final number.
    const again = await w.push(calls);
    expect(again.map((r) => r.replayed)).toEqual([true, true, true, true]);
    expect((again[3]?.body as { documentNumber?: unknown } | undefined)?.documentNumber).toBe(number);
  });
});
