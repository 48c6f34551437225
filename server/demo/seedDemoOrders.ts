import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { boolOf } from '../../domain/rowValues';
import { todayOf } from '../../domain/warehouse/isoDate';
import type { AppContext } from '../context';
import { col, tableOf } from '../db/resourceColumns';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { OrderService } from '../warehouse/orders/orderService';
import { demoRandom } from './demoRandom';
import type { DemoRecords } from './seedWarehouseRecords';

const plannedIn = (days: number, hour: number): string => {
  const at = new Date(`${todayOf(Date.now())}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  at.setUTCHours(hour);
  return at.toISOString();
};

/**
 * Open orders handed to the floor (waitingToProcess): receipts (OIN) into the docks, releases (OOU) and picks
 * (OPI) of goods that are in stock and free to leave, stock counts of two racks (VER-L) and of one product
 * (VER-P) — most assigned to the picker — and one release still a draft. Saved through the order service, so
 * numbering, count positions (generated from stock) and the record log are as for any user.
 */
export const seedDemoOrders = async (
  ctx: AppContext,
  scope: Scope,
  records: DemoRecords,
  people: { pickerId: string; contractorId: string },
): Promise<Row[]> => {
  const rnd = demoRandom(20261123);
  const orders = new OrderService(ctx);
  const { stock } = ctx.schema.warehouseTables;
  const products = tableOf(ctx, 'product');
  const spaces = tableOf(ctx, 'storageSpace');

  // What may leave per product: not expired, not at a location locked for release, product not locked.
  const free = await ctx.db
    .select({
      productId: stock.productId,
      available: sql<string>`sum(${stock.quantity} - ${stock.reserved})`,
      rows: sql<number>`count(*)::int`,
    })
    .from(stock)
    .innerJoin(products, eq(col(products, 'id'), stock.productId))
    .innerJoin(spaces, eq(col(spaces, 'id'), stock.locationId))
    .where(
      and(
        eq(stock.clientAccountId, scope.clientAccountId),
        eq(col(products, 'lockOut'), false),
        eq(col(spaces, 'lockedOut'), false),
        or(isNull(stock.expDate), gt(stock.expDate, todayOf(Date.now()))),
        eq(col(spaces, 'zoneIn'), false),
      ),
    )
    .groupBy(stock.productId);
  const productById = new Map(records.products.map((p) => [String(p.id), p]));
  const indexOf = (id: string) => String(productById.get(id)?.index ?? '');
  // In product order, so the same products are chosen on every run.
  free.sort((a, b) => (indexOf(a.productId) < indexOf(b.productId) ? -1 : 1));
  const availableOf = new Map(free.map((f) => [f.productId, Number(f.available)]));
  const promised = new Map<string, number>();
  const taken = (id: string) => promised.get(id) ?? 0;

  /** Products with enough free stock for `share` of it, each used by one order only. */
  const releasable = (owner: string | null, count: number) => {
    const chosen = [...availableOf.entries()]
      .filter(([id, available]) => {
        const p = productById.get(id);
        return p && (p.contractorId ?? null) === owner && available >= 4 && taken(id) === 0;
      })
      .slice(rnd.int(0, 20))
      .slice(0, count);
    return chosen.map(([id, available]) => {
      const p = productById.get(id) as Row;
      const quantity =
        boolOf(p.requiredSerial) && !boolOf(p.visibleProdDate) ? 1 : Math.max(1, Math.floor(available / 4));
      promised.set(id, quantity);
      return { productId: id, quantity };
    });
  };
  const receivable = (owner: string | null, count: number) =>
    records.products
      .filter(
        (p) =>
          (p.contractorId ?? null) === owner &&
          !records.locks.some((l) => l.id === String(p.id) && l.lockIn) &&
          !boolOf(p.requiredSerial) &&
          !boolOf(p.requiredExpDate),
      )
      .slice(rnd.int(0, 30))
      .slice(0, count)
      .map((p) => ({ productId: String(p.id), quantity: rnd.int(2, 20) * 10 }));

  const [wh1In, wh2In] = records.receiving;
  const [wh1Out, wh2Out] = records.dispatch;
  if (!wh1In || !wh2In || !wh1Out || !wh2Out) throw new Error('the docks are missing');
  const toFloor = { saveAs: 'production' } as const;
  const saved: Row[] = [];
  const save = async (body: Row) => saved.push(await orders.create(scope, body));
  const own = null;
  const acme = people.contractorId;
  const picker = people.pickerId;

  await save({
    ...toFloor,
    typeCode: 'OIN',
    assignedUserId: picker,
    priority: 'high',
    plannedDate: plannedIn(0, 9),
    destinationLocationId: wh1In.id,
    comment: 'Nordfracht truck, ramp 2',
    positions: receivable(own, 6).map((p) => ({ ...p, destinationLocationId: wh1In.id })),
  });
  await save({
    ...toFloor,
    typeCode: 'OIN',
    contractorId: acme,
    assignedUserId: picker,
    plannedDate: plannedIn(1, 8),
    destinationLocationId: wh2In.id,
    comment: 'ACME replenishment',
    positions: receivable(acme, 4).map((p) => ({ ...p, destinationLocationId: wh2In.id })),
  });
  await save({
    ...toFloor,
    typeCode: 'OIN',
    plannedDate: plannedIn(2, 13),
    destinationLocationId: wh2In.id,
    positions: receivable(own, 3).map((p) => ({ ...p, destinationLocationId: wh2In.id })),
  });
  await save({
    ...toFloor,
    typeCode: 'OOU',
    assignedUserId: picker,
    priority: 'high',
    plannedDate: plannedIn(0, 11),
    comment: 'Fresh Farm Supplies, pick-up at 14:00',
    positions: releasable(own, 5),
  });
  await save({
    ...toFloor,
    typeCode: 'OOU',
    contractorId: acme,
    assignedUserId: picker,
    plannedDate: plannedIn(0, 15),
    comment: 'ACME store 12',
    positions: releasable(acme, 4),
  });
  await save({
    ...toFloor,
    typeCode: 'OOU',
    plannedDate: plannedIn(1, 10),
    positions: releasable(own, 3),
  });
  await save({
    typeCode: 'OOU',
    comment: 'Draft: waiting for the customer to confirm',
    positions: releasable(own, 2),
  });
  await save({
    ...toFloor,
    typeCode: 'OPI',
    assignedUserId: picker,
    plannedDate: plannedIn(0, 12),
    destinationLocationId: wh1Out.id,
    comment: 'Wave 1: to the WH1 dispatch dock',
    positions: releasable(own, 6).map((p) => ({ ...p, destinationLocationId: wh1Out.id })),
  });
  await save({
    ...toFloor,
    typeCode: 'OPI',
    plannedDate: plannedIn(1, 12),
    destinationLocationId: wh2Out.id,
    comment: 'Wave 2: to the WH2 dispatch dock',
    positions: releasable(own, 4).map((p) => ({ ...p, destinationLocationId: wh2Out.id })),
  });
  for (const rack of ['WH1-A02', 'WH2-B05']) {
    const row = records.racks.get(rack);
    if (!row) throw new Error(`no rack ${rack}`);
    await save({
      ...toFloor,
      typeCode: 'VER-L',
      verifyLocationId: row.id,
      assignedUserId: picker,
      plannedDate: plannedIn(0, 16),
      comment: `Cycle count of rack ${rack}`,
    });
  }
  // The product with the most stock rows: counted wherever it lies.
  const counted = [...free].sort((a, b) => b.rows - a.rows)[0];
  if (counted)
    await save({
      ...toFloor,
      typeCode: 'VER-P',
      verifyProductId: counted.productId,
      plannedDate: plannedIn(1, 7),
      comment: 'Count after a customer complaint',
    });
  return saved;
};
