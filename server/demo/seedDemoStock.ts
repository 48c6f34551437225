import { eq } from 'drizzle-orm';
import { boolOf, numberOf } from '../../domain/rowValues';
import { todayOf } from '../../domain/warehouse/isoDate';
import { logisticsConfigSchema } from '../../domain/warehouse/logisticsConfig';
import type { AppContext } from '../context';
import { clientAccount } from '../db/internalTables';
import { ResourceService } from '../resources/resourceService';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { runInUnit } from '../unitOfWork';
import { type DocumentWithPositions, documentServiceOf } from '../warehouse/documents/documentService';
import { demoRandom } from './demoRandom';
import type { DemoRecords } from './seedWarehouseRecords';

/** One received stock row as planned. */
interface Receipt {
  readonly product: Row;
  readonly location: Row;
  readonly quantity: number;
  readonly container: string | null;
  readonly serialNumber: string | null;
  readonly prodDate: string | null;
  readonly expDate: string | null;
}

export interface DemoStock {
  /** Confirmed documents the seed made, by type code. */
  readonly documents: Record<string, number>;
  readonly receipts: number;
}

const plusDays = (today: string, days: number): string =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const positionOf = (r: Receipt) => ({
  productId: r.product.id,
  quantity: r.quantity,
  destinationLocationId: r.location.id,
  destinationContainer: r.container,
  serialNumber: r.serialNumber,
  prodDate: r.prodDate,
  expDate: r.expDate,
});

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** The demo's logistics configuration; `receiving` lets the history take in goods that have expired since. */
const configFor = (receiving: boolean) =>
  logisticsConfigSchema.parse({
    rules: {
      expiredGoods: { enabled: !receiving },
      nearExpiry: { enabled: !receiving, days: 7 },
      temperature: { enabled: true },
      rackCapacity: { enabled: false },
      verificationApproval: { enabled: true, quantity: 10, percent: 20 },
    },
  });

/**
 * Stock for the demo warehouse, made the way a warehouse makes it: confirmed receipts (DIN) through the document
 * service — so every stock row is the sum of its ledger — into shelves that suit each product (dairy in the
 * chiller, frozen goods in the freezer), with pallets, lots, serial numbers and expiry dates (some close, a few
 * already past: received while still good), a delivery still waiting at the dock with part of it put away (ARL),
 * shipments (DOU) and one shipment reverted.
 */
export const seedDemoStock = async (
  ctx: AppContext,
  scope: Scope,
  records: DemoRecords,
  contractorId: string,
): Promise<DemoStock> => {
  const rnd = demoRandom(20261122);
  const today = todayOf(Date.now());
  const service = documentServiceOf(ctx);
  const documents: Record<string, number> = {};
  const save = async (body: Row, confirm = true): Promise<DocumentWithPositions> => {
    const doc = await runInUnit(ctx, (unit) => service.create(unit, scope, body, { confirm }));
    const type = String(body.typeCode);
    documents[type] = (documents[type] ?? 0) + 1;
    return doc;
  };
  const setConfig = (receiving: boolean) =>
    ctx.db
      .update(clientAccount)
      .set({ logisticsConfig: configFor(receiving) })
      .where(eq(clientAccount.id, scope.clientAccountId));

  const shelves = [...records.shelves.entries()].filter(([, row]) => !boolOf(row.lockedIn));
  const shelvesIn = (prefixes: readonly string[]) =>
    shelves.filter(([label]) => prefixes.some((p) => label.startsWith(p))).map(([, row]) => row);
  const chiller = shelvesIn(['WH1-C']);
  const freezer = shelvesIn(['WH2-C']);
  // WH2-A08-5 is locked for release (goods on hold): it receives, nothing leaves it.
  const ambient = shelvesIn(['WH1-A', 'WH1-B', 'WH2-A', 'WH2-B']);
  const palletOf = new Map<string, string>();
  const pallet = (location: Row) => {
    const id = String(location.id);
    let label = palletOf.get(id);
    if (!label) {
      label = `PAL-${String(palletOf.size + 1).padStart(5, '0')}`;
      palletOf.set(id, label);
    }
    return label;
  };

  const receipts: Receipt[] = [];
  let expired = 0;
  records.products.forEach((product, n) => {
    // Every thirteenth product has not arrived yet (stock by warehouse shows it as critical).
    if (n % 13 === 12) return;
    const group = records.groupOf.get(String(product.id));
    const locations = group === 'Dairy' ? chiller : group === 'Frozen' ? freezer : ambient;
    const lot = boolOf(product.visibleProdDate);
    const serial = boolOf(product.requiredSerial) && !lot;
    const expiring = boolOf(product.requiredExpDate);
    const minimalDays = numberOf(product.minimalExpDays) ?? 0;
    const kg = product.unit === 'kg';
    const expiry = (): string => {
      const roll = rnd.next();
      if (roll < 0.05 && minimalDays === 0 && expired < 6) {
        expired++;
        return plusDays(today, -rnd.int(2, 40));
      }
      if (roll < 0.2 && minimalDays <= 14) return plusDays(today, rnd.int(Math.max(minimalDays, 2), 28));
      return plusDays(today, rnd.int(45, 540));
    };
    const rows = serial ? 1 : rnd.int(1, 3);
    for (let r = 0; r < rows; r++) {
      const location = rnd.pick(locations);
      const expDate = expiring ? expiry() : null;
      const base = {
        product,
        location,
        container: !serial && rnd.chance(0.25) ? pallet(location) : null,
        prodDate: lot && expDate ? plusDays(expDate, -540) : null,
        expDate,
      };
      if (serial) {
        const units = rnd.int(2, 6);
        for (let u = 1; u <= units; u++)
          receipts.push({
            ...base,
            container: null,
            quantity: 1,
            serialNumber: `SN-${String(product.index)}-${String(u).padStart(4, '0')}`,
          });
        continue;
      }
      receipts.push({
        ...base,
        quantity: kg ? Math.round((5 + rnd.next() * 195) * 100) / 100 : rnd.int(6, 240),
        serialNumber: lot ? `LOT${today.slice(2, 4)}${String(rnd.int(1, 9999)).padStart(4, '0')}` : null,
      });
    }
  });

  // Receipts: the contractor's goods on the contractor's documents, the warehouse's own on its own.
  await setConfig(true);
  const ownedBy = (r: Receipt) => (r.product.contractorId === contractorId ? contractorId : null);
  for (const owner of [null, contractorId])
    for (const positions of chunks(
      receipts.filter((r) => ownedBy(r) === owner),
      25,
    ))
      await save({
        typeCode: 'DIN',
        contractorId: owner,
        comment: owner ? 'Inbound delivery for ACME' : 'Inbound delivery',
        positions: positions.map(positionOf),
      });

  // A delivery at the WH1 dock: part of it put away on shelves, the rest still waiting.
  const [dock] = records.receiving;
  if (!dock) throw new Error('no receiving dock');
  const plain = records.products.filter(
    (p, n) =>
      n % 13 !== 12 &&
      p.contractorId !== contractorId &&
      !boolOf(p.requiredSerial) &&
      !boolOf(p.requiredExpDate) &&
      !boolOf(p.requiredProdDate) &&
      !['Dairy', 'Frozen'].includes(records.groupOf.get(String(p.id)) ?? ''),
  );
  const atDock = plain.slice(0, 10).map((product) => ({ product, quantity: rnd.int(20, 120) }));
  await save({
    typeCode: 'DIN',
    comment: 'Truck NF-2231 (Nordfracht), unloaded at the dock',
    positions: atDock.map((d) => ({
      productId: d.product.id,
      quantity: d.quantity,
      destinationLocationId: dock.id,
    })),
  });
  await save({
    typeCode: 'ARL',
    comment: 'Put-away from the WH1 dock',
    positions: atDock.slice(0, 6).map((d) => ({
      productId: d.product.id,
      quantity: d.quantity,
      sourceLocationId: dock.id,
      destinationLocationId: rnd.pick(ambient.filter((l) => String(l.label).startsWith('WH1-'))).id,
      comment: null,
    })),
  });

  // Shipments from the shelves; the second one went to the wrong customer and was taken back.
  const shippable = receipts.filter(
    (r) =>
      r.serialNumber === null &&
      r.container === null &&
      r.expDate === null &&
      r.quantity >= 10 &&
      !boolOf(r.location.lockedOut),
  );
  for (const [k, group] of chunks(shippable.slice(0, 12), 6).entries()) {
    const doc = await save({
      typeCode: 'DOU',
      comment: k === 0 ? 'Shipment to Fresh Farm Supplies' : 'Shipment (wrong consignee)',
      positions: group.map((r) => ({
        productId: r.product.id,
        quantity: Math.floor(r.quantity / 3),
        sourceLocationId: r.location.id,
        serialNumber: r.serialNumber,
        expDate: r.expDate,
      })),
    });
    if (k === 1) await runInUnit(ctx, (unit) => service.revert(unit, scope, String(doc.id)));
  }

  // The locks come last: a product locked for receipt could not have been received.
  const productDef = ctx.schema.definitions.find((d) => d.name === 'product');
  if (!productDef) throw new Error('no product resource');
  const productService = new ResourceService(ctx, productDef);
  for (const lock of records.locks)
    await productService.update(scope, lock.id, { lockIn: lock.lockIn, lockOut: lock.lockOut });
  await setConfig(false);
  return { documents, receipts: receipts.length };
};
