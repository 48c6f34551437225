import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DexieSyncStore } from '../../../../src/db/dexieSyncStore';
import { openReplicaDb } from '../../../../src/db/replicaDb';
import type { TerminalPort } from '../../../../src/features/terminal/data/actions';
import { recordDocumentLine, recordOrderLine } from '../../../../src/features/terminal/data/actions';
import { documentInProgress, openDocuments } from '../../../../src/features/terminal/data/documentViews';
import { openOrders, orderDetail, rejectedRecords } from '../../../../src/features/terminal/data/orderViews';
import { resolveScan } from '../../../../src/features/terminal/data/resolveScan';
import { fefoSource, putawaySuggestion } from '../../../../src/features/terminal/data/stockSuggestions';
import { applyChangesPage, discardRejected, enqueueIntent } from '../../../../sync/replica';
import { seedChanges } from '../../../sync/support/seed';

/** The terminal's reads and actions on the real replica store (Dexie on fake-indexeddb): every lookup is indexed. */

const now = Date.parse('2026-03-15T08:00:00Z');

const dexiePort = (store: DexieSyncStore): TerminalPort => {
  let n = 0;
  return {
    read: (work) => store.read(work),
    enqueue: (intent) =>
      store.write((tx) =>
        enqueueIntent(tx, intent, {
          deviceId: 'D1',
          userId: 'u1',
          now,
          newKey: () => {
            n++;
            return `k${n}`;
          },
        }),
      ),
    discard: (id) => store.write((tx) => discardRejected(tx, id, now)),
    newId: () => {
      n++;
      return `id-${n}`;
    },
    now: () => now,
  };
};

describe('terminal data on the Dexie replica', () => {
  it('scans, suggests, records a document and an order line, and lists them', async () => {
    const store = new DexieSyncStore(await openReplicaDb('terminal-acc', 'terminal-user'));
    await store.write((tx) =>
      applyChangesPage(
        tx,
        [
          ...seedChanges(),
          {
            op: 'upsert',
            entity: 'wmsOrder',
            id: 'o1',
            data: { typeCode: 'OOU', statusCode: 'waitingToProcess', orderNumber: 'OOU/1' },
          },
          {
            op: 'upsert',
            entity: 'wmsOrderPosition',
            id: 'op1',
            data: { orderId: 'o1', lineNo: 1, productId: 'p-1', quantity: 2 },
          },
        ],
        'c1',
      ),
    );
    const scan = await store.read((tx) => resolveScan(tx, '05901234123457', { today: '2026-03-15' }));
    expect(scan.product).toMatchObject({ kind: 'found', product: { id: 'p-1' } });
    expect((await store.read((tx) => resolveScan(tx, 'b-01'))).location?.id).toBe('l-4');
    const fefo = await store.read((tx) => fefoSource(tx, 'p-1', 5, '2026-03-15'));
    expect(fefo.picks.map((p) => [p.candidate.location.label, p.take])).toEqual([
      ['A-02', 4],
      ['A-01', 1],
    ]);
    expect((await store.read((tx) => putawaySuggestion(tx, 'p-3', 1))).map((s) => s.location.label)).toEqual([
      'B-01',
    ]);

    const port = dexiePort(store);
    const draft = {
      productId: 'p-1',
      locationId: 'l-2',
      quantity: 2,
      container: null,
      serialNumber: null,
      prodDate: null,
      expDate: '2026-04-01',
    };
    const first = await recordDocumentLine(port, {
      kind: 'release',
      documentId: 'new-doc-1',
      create: true,
      draft,
    });
    if (!first.ok) throw new Error('refused');
    const view = await store.read((tx) => documentInProgress(tx, first.documentId));
    expect(view.lines.map((l) => [l.location?.label, l.state])).toEqual([['A-02', 'pending']]);
    expect((await store.read((tx) => openDocuments(tx, 'release'))).map((d) => d.id)).toEqual([
      first.documentId,
    ]);

    expect((await recordOrderLine(port, { orderId: 'o1', draft })).ok).toBe(true);
    const detail = await store.read((tx) => orderDetail(tx, 'o1'));
    expect(detail?.positions.map((p) => [p.recorded, p.done, p.state])).toEqual([[2, true, 'pending']]);
    expect((await store.read((tx) => openOrders(tx, 'release'))).map((o) => o.percent)).toEqual([100]);
    expect((await store.read((tx) => rejectedRecords(tx))).size).toBe(0);
    store.close();
  });
});
