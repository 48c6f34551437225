import { describe, expect, it } from 'vitest';
import type { Intent } from '../../domain/sync/intents';
import { MemorySyncStore } from '../../sync/memoryStore';
import type { StoreTx } from '../../sync/ports';
import { applyChangesPage, type EnqueueResult, markRejected } from '../../sync/replica';
import { queue, seedChanges, seededStore } from './support/seed';

/** Counts the looks for open rejections (outboxRejected) of its write transactions. */
class LookCountingStore extends MemorySyncStore {
  looks = 0;
  override write<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return super.write((tx) =>
      work({
        ...tx,
        outboxRejected: () => {
          this.looks++;
          return tx.outboxRejected();
        },
      }),
    );
  }
}

const refusal = (r: EnqueueResult) =>
  r.ok ? null : { code: r.refusal.code, issues: (r.refusal.issues ?? []).map((i) => i.code) };

const withDocument = async (
  typeCode: string,
  side: Record<string, string>,
  config: Record<string, unknown> = {},
) => {
  const store = await seededStore(config);
  const created = await queue(store, {
    kind: 'document.create',
    document: { id: 'd1', typeCode, documentNumber: '', ...side },
  });
  expect(created.ok).toBe(true);
  return store;
};

const line = (over: Partial<Extract<Intent, { kind: 'line.add' }>['line']> = {}): Intent => ({
  kind: 'line.add',
  line: { id: 'x1', documentId: 'd1', productId: 'p-1', quantity: 1, ...over },
});

describe('local checks before queueing (the server’s rules and codes)', () => {
  it('refuses a product locked for release', async () => {
    const store = await withDocument('DOU', { sourceLocationId: 'l-1' });
    expect(refusal(await queue(store, line({ productId: 'p-2' })))).toEqual({
      code: 'documentInvalid',
      issues: ['productLockedForRelease'],
    });
    expect(store.outbox.size).toBe(1);
    expect(store.table('wmsDocumentPosition').size).toBe(0);
  });

  it('refuses a location whose type holds no stock and a missing expiry date', async () => {
    const store = await withDocument('DIN', { destinationLocationId: 'l-3' });
    expect(refusal(await queue(store, line({ productId: 'p-3' })))).toEqual({
      code: 'documentInvalid',
      issues: ['locationDoesNotHoldStock', 'expiryDateRequired'],
    });
    const ok = await queue(store, line({ productId: 'p-1', destinationLocationId: 'l-4' }));
    expect(ok.ok).toBe(true);
  });

  it('refuses unknown document types and hand-made lines on generated documents', async () => {
    const store = await seededStore();
    expect(
      refusal(
        await queue(store, {
          kind: 'document.create',
          document: { id: 'dx', typeCode: 'XYZ', documentNumber: '' },
        }),
      ),
    ).toEqual({ code: 'documentTypeMissing', issues: [] });
    await store.write((tx) =>
      applyChangesPage(
        tx,
        [
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'o1',
            data: { typeCode: 'OIN', statusCode: 'inProgress', orderNumber: 'OIN/1' },
          },
          {
            op: 'upsert',
            entity: 'wmsDocument',
            id: 'g1',
            data: {
              typeCode: 'OIN',
              statusCode: 'workingCopy',
              orderId: 'o1',
              destinationLocationId: 'l-1',
              generated: true,
            },
          },
        ],
        'c2',
      ),
    );
    expect(refusal(await queue(store, line({ documentId: 'g1' })))).toEqual({
      code: 'statusForbidsChange',
      issues: ['positionsNotEditable'],
    });
  });

  it('refuses lines on a confirmed document and deleting it', async () => {
    const store = await withDocument('DIN', { destinationLocationId: 'l-4' });
    expect((await queue(store, line())).ok).toBe(true);
    expect((await queue(store, { kind: 'document.confirm', documentId: 'd1' })).ok).toBe(true);
    expect(refusal(await queue(store, line({ id: 'x2' })))).toEqual({
      code: 'statusForbidsChange',
      issues: ['notWorkingCopy'],
    });
    expect(refusal(await queue(store, { kind: 'document.delete', documentId: 'd1' }))).toEqual({
      code: 'statusForbidsDelete',
      issues: [],
    });
  });

  it('checks availability where the server does: at confirmation, or on lines when working copies reserve', async () => {
    const lenient = await withDocument('DOU', { sourceLocationId: 'l-1' });
    const added = await queue(lenient, line({ quantity: 9, expDate: '2026-06-01' }));
    expect(added.ok && added.warnings.map((w) => w.code)).toEqual(['quantityExceedsAvailable']);
    expect(refusal(await queue(lenient, { kind: 'document.confirm', documentId: 'd1' }))).toEqual({
      code: 'stockShortfall',
      issues: ['quantityExceedsAvailable'],
    });
    const strict = await withDocument(
      'DOU',
      { sourceLocationId: 'l-1' },
      { workingCopiesCountInStock: true },
    );
    expect(refusal(await queue(strict, line({ quantity: 9, expDate: '2026-06-01' })))).toEqual({
      code: 'stockShortfall',
      issues: ['quantityExceedsAvailable'],
    });
    const reserved = await queue(strict, line({ quantity: 5, expDate: '2026-06-01' }));
    expect(reserved.ok).toBe(true);
    const row = [...strict.table('stock').values()].find((r) => r.id === 's-1');
    expect(row).toMatchObject({ quantity: 5, reserved: 5 });
    // Its own reservation does not count against itself when it is confirmed.
    expect((await queue(strict, { kind: 'document.confirm', documentId: 'd1' })).ok).toBe(true);
    expect(strict.table('stock').has('s-1')).toBe(false);
  });

  it('without reservations, the rules decide and availability only warns — for every short line', async () => {
    const store = await withDocument('DOU', { sourceLocationId: 'l-1' });
    // Locked for release and more than there is: refused for the lock alone, as the server would.
    expect(refusal(await queue(store, line({ productId: 'p-2', quantity: 50 })))).toEqual({
      code: 'documentInvalid',
      issues: ['productLockedForRelease'],
    });
    const short = await queue(store, line({ quantity: 9, expDate: '2026-06-01' }));
    expect(short.ok && short.warnings.map((w) => [w.code, w.positionIndex])).toEqual([
      ['quantityExceedsAvailable', 0],
    ]);
    // A second line on the same stock row: both short now (9 + 1 > 5), the first one still reported.
    const again = await queue(store, line({ id: 'x2', quantity: 1, expDate: '2026-06-01' }));
    expect(again.ok && again.warnings.map((w) => [w.code, w.positionIndex])).toEqual([
      ['quantityExceedsAvailable', 0],
      ['quantityExceedsAvailable', 1],
    ]);
    // A line that fits, from another row: the whole document is judged, so the shortfall is told again.
    const fits = await queue(
      store,
      line({ id: 'x3', quantity: 1, sourceLocationId: 'l-2', expDate: '2026-04-01' }),
    );
    expect(fits.ok && fits.warnings.map((w) => w.positionIndex)).toEqual([0, 1]);
  });

  it('checks counted quantities and the order’s state', async () => {
    const store = await seededStore();
    await store.write((tx) =>
      applyChangesPage(
        tx,
        [
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'o1',
            data: { typeCode: 'VER-A', statusCode: 'waitingToProcess' },
          },
          {
            op: 'upsert',
            entity: 'wmsOrderPosition',
            id: 'op1',
            data: { orderId: 'o1', lineNo: 1, productId: 'p-1', quantity: 5 },
          },
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'o2',
            data: {
              typeCode: 'VER-A',
              statusCode: 'doneConfirmed',
              verificationStatus: 'finishedNoDifferences',
            },
          },
          {
            op: 'upsert',
            entity: 'wmsOrderPosition',
            id: 'op2',
            data: { orderId: 'o2', lineNo: 1, productId: 'p-1', quantity: 5 },
          },
        ],
        'c2',
      ),
    );
    const negative = await queue(store, {
      kind: 'orderPosition.quantityReal',
      orderId: 'o1',
      orderPositionId: 'op1',
      quantityReal: -1,
    });
    expect(negative.ok ? null : negative.refusal).toEqual({
      code: 'formHasErrors',
      fields: [{ field: 'quantityReal', rule: 'minValue', params: { min: 0 } }],
    });
    expect(
      refusal(
        await queue(store, {
          kind: 'orderPosition.quantityReal',
          orderId: 'o2',
          orderPositionId: 'op2',
          quantityReal: 5,
        }),
      ),
    ).toEqual({
      code: 'statusForbidsChange',
      issues: ['statusForbidsChange'],
    });
    expect(
      (
        await queue(store, {
          kind: 'orderPosition.quantityReal',
          orderId: 'o1',
          orderPositionId: 'op1',
          quantityReal: 4,
        })
      ).ok,
    ).toBe(true);
    expect(store.table('wmsOrder').get('o1')?.statusCode).toBe('inProgress');
    expect(
      refusal(await queue(store, { kind: 'verification.finish', orderId: 'o2', generateDocuments: true }))
        ?.code,
    ).toBe('statusForbidsChange');
  });

  it('a redone action clears the rejection it replaces', async () => {
    const store = await withDocument('DIN', { destinationLocationId: 'l-4' });
    const first = await queue(store, line());
    if (!first.ok) throw new Error('refused');
    await store.write((tx) => markRejected(tx, first.entry, { status: 422, code: 'documentInvalid' }));
    expect(store.table('wmsDocumentPosition').has('x1')).toBe(false);
    expect((await store.read((tx) => tx.outboxCounts('u1'))).rejected).toBe(1);
    expect((await queue(store, line({ id: 'x1' }))).ok).toBe(true);
    expect((await store.read((tx) => tx.outboxCounts('u1'))).rejected).toBe(0);
  });

  it('looks for rejections to redo only while one may be open: set by each rejection, cleared when none is left', async () => {
    const store = new LookCountingStore();
    await store.write((tx) => applyChangesPage(tx, seedChanges(), 'c1'));
    const made = await queue(store, {
      kind: 'document.create',
      document: { id: 'd1', typeCode: 'DIN', documentNumber: '', destinationLocationId: 'l-4' },
    });
    expect(made.ok).toBe(true);
    const looks = () => store.looks;
    const mayExist = async () => (await store.read((tx) => tx.meta())).rejectedMayExist;
    // A new replica does not know yet: the first enqueue looked, found none and said so.
    expect(await mayExist()).toBe(false);
    const first = await queue(store, line());
    const second = await queue(store, line({ id: 'x2' }));
    if (!first.ok || !second.ok) throw new Error('refused');
    expect(looks()).toBe(1);
    await store.write((tx) => markRejected(tx, first.entry, { status: 422, code: 'documentInvalid' }));
    await store.write((tx) => markRejected(tx, second.entry, { status: 422, code: 'documentInvalid' }));
    expect(await mayExist()).toBe(true);
    // Redoing one leaves the other open: still looking.
    expect((await queue(store, line({ id: 'x1' }))).ok).toBe(true);
    expect([looks(), await mayExist()]).toEqual([2, true]);
    expect((await store.read((tx) => tx.outboxCounts('u1'))).rejected).toBe(1);
    expect((await queue(store, line({ id: 'x2' }))).ok).toBe(true);
    expect([looks(), await mayExist()]).toEqual([3, false]);
    expect((await store.read((tx) => tx.outboxCounts('u1'))).rejected).toBe(0);
    await queue(store, line({ id: 'x3' }));
    expect(looks()).toBe(3);
  });
});
