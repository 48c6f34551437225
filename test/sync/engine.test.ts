import { describe, expect, it } from 'vitest';
import type { Intent } from '../../domain/sync/intents';
import type { StockRecord } from '../../sync/types';
import { SimDevice } from './support/harness';
import { keyOf, makeServer, serverView, viewOf } from './support/world';

const release = (
  docId: string,
  lineId: string,
  quantity: number,
  from = 'l-1',
  product = 'p-1',
): Intent[] => [
  {
    kind: 'document.create',
    document: { id: docId, typeCode: 'DOU', documentNumber: '', sourceLocationId: from },
  },
  { kind: 'line.add', line: { id: lineId, documentId: docId, productId: product, quantity } },
  { kind: 'document.confirm', documentId: docId },
];

const stockAt = (device: SimDevice, key: string) =>
  [...device.store.table('stock').values()].find((r) => (r as StockRecord).key === key) as
    | StockRecord
    | undefined;

describe('sync engine on the simulated server', () => {
  it('pulls the whole feed page by page, then mirrors the server', async () => {
    const server = makeServer();
    const device = new SimDevice(server, 'D1', 'u1');
    const progress: number[] = [];
    device.engine.status.progress$.subscribe((p) => {
      if (p) progress.push(p.received);
    });
    await device.sync();
    expect(progress.length).toBeGreaterThan(1);
    expect(await viewOf(device.store)).toEqual(serverView(server));
    expect(device.engine.status.value.lastSyncAt).not.toBeNull();
  });

  it('applies an offline release at once and pushes it exactly once', async () => {
    const server = makeServer();
    const device = new SimDevice(server, 'D1', 'u1');
    await device.sync();
    device.offline = true;
    for (const intent of release('doc-1', 'line-1', 2)) {
      const r = await device.engine.enqueue(intent);
      expect(r.ok).toBe(true);
    }
    expect(stockAt(device, keyOf('p-1', 'l-1'))?.quantity).toBe(3);
    const doc = device.store.table('wmsDocument').get('doc-1');
    expect(doc?.statusCode).toBe('confirmed');
    expect(String(doc?.documentNumber)).toMatch(/^WC-DOU\/2026\/D1-1$/);
    await device.sync();
    expect(device.engine.status.value.pending).toBe(3);
    device.offline = false;
    await device.sync();
    expect(server.stockView().get(keyOf('p-1', 'l-1'))).toEqual({ quantity: 3, reserved: 0 });
    expect(await viewOf(device.store)).toEqual(serverView(server));
    expect(device.store.outbox.size).toBe(0);
    expect(device.store.shadow.size).toBe(0);
    expect([...server.applied.values()]).toEqual([1, 1, 1]);
  });

  it('refuses locally what the server would refuse, with the same codes', async () => {
    const server = makeServer();
    const device = new SimDevice(server, 'D1', 'u1');
    await device.sync();
    const [create, add, confirm] = release('doc-1', 'line-1', 9);
    if (!create || !add || !confirm) throw new Error('intents');
    expect((await device.engine.enqueue(create)).ok).toBe(true);
    const added = await device.engine.enqueue(add);
    expect(added.ok && added.warnings.map((w) => w.code)).toEqual(['quantityExceedsAvailable']);
    const refused = await device.engine.enqueue(confirm);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.refusal.code).toBe('stockShortfall');
      expect(refused.refusal.issues?.map((i) => i.code)).toEqual(['quantityExceedsAvailable']);
    }
    // Nothing was applied or queued for the refused intent.
    expect(stockAt(device, keyOf('p-1', 'l-1'))?.quantity).toBe(5);
    expect(device.store.outbox.size).toBe(2);
    // The server, asked directly, says the same.
    await device.sync();
    const direct = server.request(
      { method: 'POST', path: '/api/WmsDocument/doc-1/confirm', headers: {} },
      'u1',
      device.token,
    );
    expect(direct.status).toBe(409);
    expect((direct.body as { code: string }).code).toBe('stockShortfall');
  });

  it('shows the rejection when another device took the stock meanwhile', async () => {
    const server = makeServer({ stock: 4 });
    const a = new SimDevice(server, 'D1', 'u1');
    const b = new SimDevice(server, 'D2', 'u2');
    await a.sync();
    await b.sync();
    a.offline = true;
    b.offline = true;
    for (const i of release('doc-a', 'line-a', 3)) expect((await a.engine.enqueue(i)).ok).toBe(true);
    for (const i of release('doc-b', 'line-b', 3)) expect((await b.engine.enqueue(i)).ok).toBe(true);
    a.offline = false;
    b.offline = false;
    await a.sync();
    await b.sync();
    const rejected = [...b.store.outbox.values()].filter((e) => e.status === 'rejected');
    expect(rejected.map((e) => [e.intent.kind, e.rejection?.code])).toEqual([
      ['document.confirm', 'stockShortfall'],
    ]);
    expect(b.engine.status.value.rejected).toBe(1);
    // B's view: server truth (A's release) plus B's still-open working copy; nothing negative.
    expect(stockAt(b, keyOf('p-1', 'l-1'))?.quantity).toBe(1);
    expect(b.store.table('wmsDocument').get('doc-b')?.statusCode).toBe('workingCopy');
    await a.sync();
    expect(await viewOf(a.store)).toEqual(serverView(server));
    expect(await viewOf(b.store)).toEqual(serverView(server));
  });
});
