import { describe, expect, it } from 'vitest';
import type { PushedCall, } from '../../../domain/sync/wire';
import { receiptWorld } from '../../support/receiptWorld';
import { writtenTables } from '../../support/statementRecorder';
import { pushedCalls, receiptPush } from '../../support/syncBuilders';

// What a terminal's receipt costs the database (issue 26: query building and per-statement round trips dominated
// a push): the statements of one push of document.create, line.add and document.confirm, counted by the
// database layer's recorder (never timed). Before this pin a 3-intent receipt took 20 statements (1 outside the
// transaction, 19 in it); the document's opening reads, its status change with its record log, and the stock
// with its ledger now go in one statement each: 16. Transaction control (begin, commit) is not counted: PGlite
// and node-postgres send it differently.

const w = receiptWorld();

const pushed = pushedCalls();

const receipt = (dev: string, lines: number): PushedCall[] =>
  receiptPush(pushed, dev, {
    documentNumber: `WC-${dev}`,
    locationId: w.location.id,
    productId: w.product.id,
    lines,
  }).calls;

const control = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

const recordsMutations = (s: string) => /\binsert\s+into\s+sync_mutation\b/i.test(s);
const readsOutcomes = (s: string) => /^\s*select\b[\s\S]*\bfrom\s+"sync_mutation"/i.test(s);

/**
 * The statements of one push (transaction control left out), per unit: its look-up of stored outcomes and its
 * transaction (the one that records the mutations). Anything else the recorder saw meanwhile (a change
 * notification of an earlier commit on PostgreSQL's shared pool) is not the push's.
 */
const recorded = () =>
  w.statements.units
    .map((u) => ({ ...u, statements: u.statements.filter((s) => !control.test(s)) }))
    .filter((u) =>
      u.transaction
        ? u.statements.some(recordsMutations)
        : u.statements.length === 1 && u.statements.every(readsOutcomes),
    );

describe('statements of a pushed receipt', () => {
  it('a 3-intent receipt (create, line, confirm) costs at most 16 statements, its writes in one transaction', async () => {
    // Warm: statements built once are built by the first push.
    await w.push(receipt('warm', 1));
    w.statements.units.length = 0;
    const out = await w.push(receipt('dev-1', 1));
    expect(out.map((r) => r.status)).toEqual([201, 201, 200]);
    const units = recorded();
    const total = units.reduce((n, u) => n + u.statements.length, 0);
    expect(total).toBeLessThanOrEqual(16);
    // Not vacuous: the push did its work — one transaction wrote the document, its line, the stock, the ledger
    // and the mutation records (one statement for the group's records).
    const written = units.filter((u) => u.transaction).flatMap((u) => u.statements);
    const tables = written.flatMap(writtenTables);
    expect(tables).toEqual(
      expect.arrayContaining([
        'wms_document',
        'wms_document_position',
        'stock',
        'stock_movement',
        'record_log',
      ]),
    );
    expect(units.map((u) => u.transaction)).toEqual([false, true]);
    expect(written.filter(recordsMutations)).toHaveLength(1);
  });

  it('each further line of the receipt costs one statement', async () => {
    await w.push(receipt('warm-3', 3));
    w.statements.units.length = 0;
    expect((await w.push(receipt('dev-1b', 1))).every((r) => r.status < 300)).toBe(true);
    const one = recorded().reduce((n, u) => n + u.statements.length, 0);
    w.statements.units.length = 0;
    expect((await w.push(receipt('dev-3', 3))).every((r) => r.status < 300)).toBe(true);
    const three = recorded().reduce((n, u) => n + u.statements.length, 0);
    expect(three - one).toBe(2);
  });
});
