import { describe, expect, it } from 'vitest';
import type { SyncChange } from '../../../../domain/sync/wire';
import {
  changeLineQuantity,
  confirmDocument,
  deleteDocument,
  discardEntry,
  discardLine,
  finishCount,
  finishOrder,
  recordDocumentLine,
  recordOrderLine,
  setRecordedQuantity,
} from '../../../../src/features/terminal/data/actions';
import { documentInProgress } from '../../../../src/features/terminal/data/documentViews';
import type { LineDraft } from '../../../../src/features/terminal/data/lineDraft';
import { orderDetail } from '../../../../src/features/terminal/data/orderViews';
import { fefoSource } from '../../../../src/features/terminal/data/stockSuggestions';
import type { MemorySyncStore } from '../../../../sync/memoryStore';
import { applyChangesPage, markRejected } from '../../../../sync/replica';
import { seededStore } from '../../../sync/support/seed';
import { memoryPort } from './memoryPort';

/** The terminal's actions (src/features/terminal/data/actions.ts) through the engine's enqueue on a replica. */

const draft = (over: Partial<LineDraft> = {}): LineDraft => ({
  productId: 'p-1',
  locationId: 'l-2',
  quantity: 1,
  container: null,
  serialNumber: null,
  prodDate: null,
  expDate: '2026-04-01',
  ...over,
});

const codes = (r: { ok: boolean; refusal?: { code: string; issues?: readonly { code: string }[] } }) =>
  r.ok ? null : { code: r.refusal?.code, issues: (r.refusal?.issues ?? []).map((i) => i.code) };

const feed = (store: MemorySyncStore, changes: SyncChange[]) =>
  store.write((tx) => applyChangesPage(tx, changes, 'c-orders'));

describe('terminal actions: a direct document', () => {
  it('opens a release with its first line and a provisional number, refuses what the rules refuse, confirms', async () => {
    const store = await seededStore();
    const port = memoryPort(store);
    // A refused first line leaves nothing behind.
    expect(
      codes(
        await recordDocumentLine(port, {
          kind: 'release',
          documentId: 'new-doc-3',
          create: true,
          draft: draft({ productId: 'p-2', locationId: 'l-1', expDate: null }),
        }),
      ),
    ).toEqual({ code: 'documentInvalid', issues: ['productLockedForRelease'] });
    expect(store.outbox.size).toBe(0);
    const first = await recordDocumentLine(port, {
      kind: 'release',
      documentId: 'new-doc-4',
      create: true,
      draft: draft({ quantity: 3 }),
    });
    if (!first.ok) throw new Error('not started');
    const id = first.documentId;
    expect(first.warnings).toEqual([]);
    expect([...store.outbox.values()].map((e) => e.intent.kind)).toEqual(['document.create', 'line.add']);
    expect((await store.read((tx) => documentInProgress(tx, id))).document).toMatchObject({
      typeCode: 'DOU',
      sourceLocationId: 'l-2',
    });
    // Locked for release: refused on the device with the server's code, nothing queued.
    const outboxBefore = store.outbox.size;
    expect(
      codes(
        await recordDocumentLine(port, {
          kind: 'release',
          documentId: id,
          draft: draft({ productId: 'p-2', locationId: 'l-1', expDate: null }),
        }),
      ),
    ).toEqual({ code: 'documentInvalid', issues: ['productLockedForRelease'] });
    expect(store.outbox.size).toBe(outboxBefore);
    // More than is there: recorded (working copies do not reserve here) with a warning.
    const short = await recordDocumentLine(port, {
      kind: 'release',
      documentId: id,
      draft: draft({ locationId: 'l-1', expDate: '2026-06-01', quantity: 9 }),
    });
    expect(short.ok && short.warnings.map((w) => w.code)).toEqual(['quantityExceedsAvailable']);
    const view = await store.read((tx) => documentInProgress(tx, id));
    expect(view).toMatchObject({ kind: 'release', provisional: true, state: 'pending' });
    expect(view.number).toMatch(/^WC-DOU\//);
    expect(view.lines.map((l) => [l.location?.label, l.line.quantity, l.state])).toEqual([
      ['A-02', 3, 'pending'],
      ['A-01', 9, 'pending'],
    ]);
    // Confirming checks the stock: refused until the line fits.
    expect(codes(await confirmDocument(port, id))).toEqual({
      code: 'stockShortfall',
      issues: ['quantityExceedsAvailable'],
    });
    const second = view.lines[1];
    if (!second) throw new Error('no line');
    expect((await changeLineQuantity(port, second, 2)).ok).toBe(true);
    expect((await confirmDocument(port, id)).ok).toBe(true);
    const fefo = await store.read((tx) => fefoSource(tx, 'p-1', 1, '2026-03-15'));
    expect(fefo.candidates.map((c) => [c.location.label, c.available])).toEqual([
      ['A-02', 1],
      ['A-01', 3],
    ]);
  });

  it('a receipt refuses a place that holds no stock and a missing required expiry date', async () => {
    const store = await seededStore();
    const port = memoryPort(store);
    const result = await recordDocumentLine(port, {
      kind: 'receipt',
      documentId: 'new-doc-5',
      create: true,
      draft: draft({ productId: 'p-3', locationId: 'l-3', expDate: null }),
    });
    expect(codes(result)).toEqual({
      code: 'documentInvalid',
      issues: ['locationDoesNotHoldStock', 'expiryDateRequired'],
    });
    expect(store.outbox.size).toBe(0);
    const ok = await recordDocumentLine(port, {
      kind: 'receipt',
      documentId: 'new-doc-6',
      create: true,
      draft: draft({ productId: 'p-3', locationId: 'l-4', expDate: '2026-09-01' }),
    });
    if (!ok.ok) throw new Error('refused');
    const view = await store.read((tx) => documentInProgress(tx, ok.documentId));
    expect(view.document).toMatchObject({ typeCode: 'DIN', destinationLocationId: 'l-4' });
    expect(view.lines[0]?.line).toMatchObject({ destinationLocationId: 'l-4', sourceLocationId: null });
  });

  it('picking and counting have no direct document; a working copy can be deleted', async () => {
    const store = await seededStore();
    const port = memoryPort(store);
    expect(
      codes(
        await recordDocumentLine(port, {
          kind: 'picking',
          documentId: 'new-doc-7',
          create: true,
          draft: draft(),
        }),
      ),
    ).toEqual({
      code: 'documentTypeMissing',
      issues: [],
    });
    const started = await recordDocumentLine(port, {
      kind: 'release',
      documentId: 'new-doc-8',
      create: true,
      draft: draft(),
    });
    if (!started.ok) throw new Error('not started');
    expect((await deleteDocument(port, started.documentId)).ok).toBe(true);
    const view = await store.read((tx) => documentInProgress(tx, started.documentId));
    expect(view.document).toBeNull();
    expect(view.lines).toEqual([]);
  });
});

describe('terminal actions: the ways forward of a refused line', () => {
  const refusedDocument = async () => {
    const store = await seededStore();
    const port = memoryPort(store);
    const started = await recordDocumentLine(port, {
      kind: 'release',
      documentId: 'new-doc-9',
      create: true,
      draft: draft({ quantity: 2 }),
    });
    if (!started.ok) throw new Error('not started');
    const id = started.documentId;
    await recordDocumentLine(port, { kind: 'release', documentId: id, draft: draft({ quantity: 1 }) });
    await confirmDocument(port, id);
    const entries = [...store.outbox.values()].sort((a, b) => a.mutationId - b.mutationId);
    const [, , refusedAdd, confirm] = entries;
    if (!refusedAdd || !confirm) throw new Error('entries missing');
    await store.write((tx) => markRejected(tx, refusedAdd, { status: 409, code: 'statusForbidsChange' }));
    await store.write((tx) =>
      markRejected(tx, confirm, {
        status: 409,
        code: 'stockShortfall',
        issues: [{ code: 'quantityExceedsAvailable', positionIndex: 0, field: 'quantity' }],
      }),
    );
    return { store, port, id };
  };

  it('another location: the ghost of a refused add is added anew and its refusal leaves', async () => {
    const { store, port, id } = await refusedDocument();
    const view = await store.read((tx) => documentInProgress(tx, id));
    const ghost = view.lines.find((l) => l.ghost);
    if (!ghost) throw new Error('no ghost');
    const redo = await recordDocumentLine(port, {
      kind: 'release',
      documentId: id,
      draft: draft({ locationId: 'l-1', expDate: '2026-06-01' }),
      replaces: ghost,
    });
    expect(redo.ok).toBe(true);
    const after = await store.read((tx) => documentInProgress(tx, id));
    expect(after.lines.map((l) => [l.location?.label, l.state, l.ghost])).toEqual([
      ['A-02', 'rejected', false],
      ['A-01', 'pending', false],
    ]);
  });

  it('another quantity of a line the refused confirmation named: changed, the refusal discarded', async () => {
    const { store, port, id } = await refusedDocument();
    const named = (await store.read((tx) => documentInProgress(tx, id))).lines[0];
    if (!named) throw new Error('no line');
    expect(named).toMatchObject({ state: 'rejected', fromDocument: true });
    expect((await changeLineQuantity(port, named, 1)).ok).toBe(true);
    const after = await store.read((tx) => documentInProgress(tx, id));
    expect(after.state).toBe('pending');
    expect(after.lines.map((l) => [l.line.quantity, l.state, l.ghost])).toEqual([
      [1, 'pending', false],
      [1, 'rejected', true],
    ]);
  });

  it('discard: a ghost’s refusal leaves; a named line is removed and the confirmation’s refusal leaves', async () => {
    const { store, port, id } = await refusedDocument();
    const [named, ghost] = (await store.read((tx) => documentInProgress(tx, id))).lines;
    if (!named || !ghost) throw new Error('lines missing');
    expect((await discardLine(port, ghost)).ok).toBe(true);
    expect((await discardLine(port, named)).ok).toBe(true);
    const after = await store.read((tx) => documentInProgress(tx, id));
    expect(after.lines).toEqual([]);
    expect(after.state).toBe('pending');
    expect((await store.read((tx) => tx.outboxRejected())).filter((e) => !e.resolvedAt)).toEqual([]);
  });
});

const orders: SyncChange[] = [
  {
    op: 'upsert',
    entity: 'wmsOrder',
    id: 'o1',
    data: { typeCode: 'OOU', statusCode: 'waitingToProcess', orderNumber: 'OOU/2026/000001' },
  },
  {
    op: 'upsert',
    entity: 'wmsOrderPosition',
    id: 'op1',
    data: { orderId: 'o1', lineNo: 1, productId: 'p-1', quantity: 4 },
  },
  {
    op: 'upsert',
    entity: 'wmsOrderPosition',
    id: 'op2',
    data: { orderId: 'o1', lineNo: 2, productId: 'p-3', quantity: 2 },
  },
  {
    op: 'upsert',
    entity: 'wmsOrder',
    id: 'o2',
    data: {
      typeCode: 'OPI',
      statusCode: 'inProgress',
      orderNumber: 'OPI/2026/000001',
      destinationLocationId: 'l-4',
    },
  },
  {
    op: 'upsert',
    entity: 'wmsOrderPosition',
    id: 'op3',
    data: { orderId: 'o2', lineNo: 1, productId: 'p-1', quantity: 2, destinationLocationId: 'l-4' },
  },
  {
    op: 'upsert',
    entity: 'wmsOrder',
    id: 'v1',
    data: { typeCode: 'VER-L', statusCode: 'waitingToProcess', orderNumber: 'VER/2026/000001' },
  },
  {
    op: 'upsert',
    entity: 'wmsOrderPosition',
    id: 'vp1',
    data: {
      orderId: 'v1',
      lineNo: 1,
      productId: 'p-1',
      quantity: 5,
      sourceLocationId: 'l-1',
      expDate: '2026-06-01',
    },
  },
  {
    op: 'upsert',
    entity: 'wmsOrderPosition',
    id: 'vp2',
    data: {
      orderId: 'v1',
      lineNo: 2,
      productId: 'p-1',
      quantity: 4,
      sourceLocationId: 'l-2',
      expDate: '2026-04-01',
    },
  },
];

describe('terminal actions: orders', () => {
  it('a release order records what was taken on its positions, judged by the document rules first', async () => {
    const store = await seededStore();
    await feed(store, orders);
    const port = memoryPort(store);
    expect((await recordOrderLine(port, { orderId: 'o1', draft: draft({ quantity: 3 }) })).ok).toBe(true);
    expect(
      (
        await recordOrderLine(port, {
          orderId: 'o1',
          draft: draft({ locationId: 'l-1', expDate: '2026-06-01' }),
        })
      ).ok,
    ).toBe(true);
    const detail = await store.read((tx) => orderDetail(tx, 'o1'));
    expect(detail?.order.statusCode).toBe('inProgress');
    expect(detail?.positions.map((p) => [p.id, p.recorded, p.done, p.state])).toEqual([
      ['op1', 4, true, 'pending'],
      ['op2', null, false, null],
    ]);
    // Nothing left on the order, a product not on it, more than the place holds, a lock.
    expect(codes(await recordOrderLine(port, { orderId: 'o1', draft: draft() }))).toEqual({
      code: 'documentInvalid',
      issues: ['quantityExceedsOrder'],
    });
    expect(
      codes(
        await recordOrderLine(port, { orderId: 'o1', draft: draft({ productId: 'p-2', locationId: 'l-1' }) }),
      ),
    ).toEqual({ code: 'documentInvalid', issues: ['productNotOnOrder'] });
    expect(
      codes(
        await recordOrderLine(port, {
          orderId: 'o1',
          draft: draft({ productId: 'p-3', locationId: 'l-1', expDate: '2026-06-01' }),
        }),
      ),
    ).toEqual({ code: 'stockShortfall', issues: ['quantityExceedsAvailable'] });
    expect(
      codes(
        await recordOrderLine(port, {
          orderId: 'o1',
          draft: draft({ productId: 'p-3', locationId: 'l-1', expDate: null }),
        }),
      ),
    ).toEqual({ code: 'documentInvalid', issues: ['expiryDateRequired', 'quantityExceedsAvailable'] });
    expect(codes(await recordOrderLine(port, { orderId: 'nope', draft: draft() }))).toEqual({
      code: 'notFoundOrNoPermission',
      issues: [],
    });
    expect((await finishOrder(port, 'o1', true)).ok).toBe(true);
    expect([...store.outbox.values()].at(-1)?.intent).toEqual({
      kind: 'order.generateDocuments',
      orderId: 'o1',
      confirm: true,
    });
  });

  it('a pick goes to the order’s destination; a refused position is redone with a new quantity or discarded', async () => {
    const store = await seededStore();
    await feed(store, orders);
    const port = memoryPort(store);
    expect((await recordOrderLine(port, { orderId: 'o2', draft: draft({ quantity: 2 }) })).ok).toBe(true);
    const [entry] = [...store.outbox.values()].filter((e) => e.intent.kind === 'orderPosition.quantityReal');
    if (!entry) throw new Error('nothing queued');
    await store.write((tx) => markRejected(tx, entry, { status: 409, code: 'statusForbidsChange' }));
    let position = (await store.read((tx) => orderDetail(tx, 'o2')))?.positions[0];
    expect(position).toMatchObject({ state: 'rejected', rejectedQuantity: 2, recorded: null });
    if (!position) throw new Error('no position');
    expect((await setRecordedQuantity(port, position, 'o2', 1)).ok).toBe(true);
    position = (await store.read((tx) => orderDetail(tx, 'o2')))?.positions[0];
    expect(position).toMatchObject({ state: 'pending', recorded: 1 });
    // Refused again, then given up: the server's version (nothing recorded) stays.
    const last = [...store.outbox.values()].at(-1);
    if (!last) throw new Error('nothing queued');
    await store.write((tx) => markRejected(tx, last, { status: 409, code: 'statusForbidsChange' }));
    position = (await store.read((tx) => orderDetail(tx, 'o2')))?.positions[0];
    if (position?.rejectedMutationId === undefined) throw new Error('not refused');
    await discardEntry(port, position.rejectedMutationId);
    expect((await store.read((tx) => orderDetail(tx, 'o2')))?.positions[0]).toMatchObject({
      state: null,
      recorded: null,
    });
  });

  it('a count records what was found at the place (replacing, not adding) and finishes', async () => {
    const store = await seededStore();
    await feed(store, orders);
    const port = memoryPort(store);
    const count = (over: Partial<LineDraft>) => recordOrderLine(port, { orderId: 'v1', draft: draft(over) });
    expect((await count({ locationId: 'l-1', expDate: null, quantity: 4 })).ok).toBe(true);
    expect((await count({ locationId: 'l-1', expDate: null, quantity: 5 })).ok).toBe(true);
    expect((await count({ locationId: 'l-2', expDate: null, quantity: 0.5 })).ok).toBe(true);
    expect(codes(await count({ locationId: 'l-4', quantity: 1 }))).toEqual({
      code: 'documentInvalid',
      issues: ['productNotOnOrder'],
    });
    const detail = await store.read((tx) => orderDetail(tx, 'v1'));
    expect(detail?.isCount).toBe(true);
    expect(detail?.positions.map((p) => [p.id, p.recorded])).toEqual([
      ['vp1', 5],
      ['vp2', 0.5],
    ]);
    expect(detail?.totals).toMatchObject({ lines: 2, linesDone: 2, percent: 100 });
    expect((await finishCount(port, 'v1', true)).ok).toBe(true);
    const finished = await store.read((tx) => orderDetail(tx, 'v1'));
    expect(finished?.order.verificationStatus).toBe('finishedWithDifferences');
    expect(finished?.state).toBe('pending');
  });
});
