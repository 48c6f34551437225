import { describe, expect, it } from 'vitest';
import type { Intent } from '../../domain/sync/intents';
import { parseStockKey, stockKeyString } from '../../domain/warehouse/stock';
import { emptyState } from '../../sync/rebase';
import { applyChangesPage } from '../../sync/replica';
import { replayFrom, type StateSource, viewSource } from '../../sync/stateSource';
import type { OutboxEntry } from '../../sync/types';
import { seededStore } from './support/seed';
import { keyOf } from './support/world';

const entry = (mutationId: number, intent: Intent): OutboxEntry => ({
  mutationId,
  deviceId: 'D1',
  userId: 'u1',
  idempotencyKey: `k${mutationId}`,
  createdAt: '2026-03-15T08:00:00.000Z',
  intent,
  status: 'pending',
  attempts: 0,
  sent: false,
});

/** A source that records what it was asked for, one list per round of reads (calls issued together). */
const recording = (inner: StateSource, rounds: string[][]): StateSource => {
  let current: string[] | null = null;
  const note = (what: string) => {
    if (!current) {
      current = [];
      rounds.push(current);
      queueMicrotask(() => {
        current = null;
      });
    }
    current.push(what);
  };
  const noted =
    <A, R>(what: (arg: A) => string, read: (arg: A) => Promise<R>) =>
    (arg: A): Promise<R> => {
      note(what(arg));
      return read(arg);
    };
  return {
    documents: noted((ids) => `documents ${ids.join()}`, inner.documents),
    linesOf: noted((ids) => `linesOf ${ids.join()}`, inner.linesOf),
    stock: noted((keys) => `stock ${keys.length}`, inner.stock),
    orders: noted((ids) => `orders ${ids.join()}`, inner.orders),
    orderPositions: noted((ids) => `orderPositions ${ids.join()}`, inner.orderPositions),
    positionsOf: noted((ids) => `positionsOf ${ids.join()}`, inner.positionsOf),
  };
};

const line = (id: string, quantity: number): Intent => ({
  kind: 'line.add',
  line: { id, documentId: 'd1', productId: 'p-1', quantity, expDate: '2026-06-01' },
});

describe('loading what a replay needs', () => {
  it('reads a document and its lines in one round, then the stock the lines reserve', async () => {
    const store = await seededStore({ workingCopiesCountInStock: true });
    await store.write((tx) =>
      applyChangesPage(
        tx,
        [
          {
            op: 'upsert',
            entity: 'wmsDocument',
            id: 'd1',
            data: { typeCode: 'DOU', statusCode: 'workingCopy', sourceLocationId: 'l-1' },
          },
          {
            op: 'upsert',
            entity: 'wmsDocumentPosition',
            id: 'x0',
            data: { documentId: 'd1', productId: 'p-1', quantity: 1, lineNo: 1, expDate: '2026-06-01' },
          },
        ],
        'c2',
      ),
    );
    const rounds: string[][] = [];
    const replay = await store.read((tx) =>
      replayFrom(recording(viewSource(tx), rounds), emptyState(), [entry(1, line('x1', 2))], {
        reserving: true,
      }),
    );
    expect(rounds).toEqual([['documents d1', 'linesOf d1'], ['stock 1']]);
    expect([...replay.before.lineSets]).toEqual(['d1']);
    expect(replay.before.lines.get('x0')).toMatchObject({ quantity: 1 });
    expect(replay.state.lines.get('x1')).toMatchObject({ quantity: 2, lineNo: 2 });
    // The line reserves 2 more at s-1: the replay found the row it read (quantity 5).
    const key = stockKeyString({ ...parseStockKey(keyOf('p-1', 'l-1')), expDate: '2026-06-01' });
    expect([...replay.state.stock.keys()]).toEqual([key]);
    expect(replay.state.stock.get(key)).toMatchObject({ id: 's-1', quantity: 5, reserved: 2 });
  });

  it('reads nothing the state already knows', async () => {
    const store = await seededStore();
    const seed = emptyState();
    seed.documents.set('d1', null);
    const rounds: string[][] = [];
    const replay = await store.read((tx) =>
      replayFrom(recording(viewSource(tx), rounds), seed, [entry(1, line('x1', 1))], { reserving: false }),
    );
    // Known not to exist: nothing to read, and the line has nowhere to go.
    expect(rounds).toEqual([]);
    expect(replay.state.lines.size).toBe(0);
    expect(replay.touched.size).toBe(0);
  });
});
