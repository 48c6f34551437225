import { gtinCheckDigit } from '../../domain/barcodes/gtin';
import type { AppContext } from '../context';
import { ResourceService } from '../resources/resourceService';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { demoRandom } from './demoRandom';

export interface DemoRecords {
  readonly warehouses: string[];
  /** Locations that may hold stock, by label. */
  readonly shelves: Map<string, Row>;
  /** Racks (parents of five shelf levels), by label. */
  readonly racks: Map<string, Row>;
  /** Receiving docks WH1-IN, WH2-IN and dispatch docks WH1-OUT, WH2-OUT. */
  readonly receiving: Row[];
  readonly dispatch: Row[];
  readonly products: Row[];
  /** Group name per product id. */
  readonly groupOf: Map<string, string>;
  /** Locks the products get once their first stock is in (a product locked for receipt receives nothing). */
  readonly locks: { readonly id: string; readonly lockIn: boolean; readonly lockOut: boolean }[];
}

const groups = [
  { name: 'Beverages', color: '#1c7ed6', icon: 'bottle' },
  { name: 'Dairy', color: '#74c0fc', icon: 'milk' },
  { name: 'Frozen', color: '#22b8cf', icon: 'snowflake' },
  { name: 'Electronics', color: '#7950f2', icon: 'cpu' },
  { name: 'Hardware', color: '#868e96', icon: 'tool' },
  { name: 'Pharmacy', color: '#e64980', icon: 'pill' },
  { name: 'Household', color: '#40c057', icon: 'home' },
] as const;

const nouns = [
  'Cable',
  'Bottle',
  'Box',
  'Filter',
  'Lamp',
  'Valve',
  'Sensor',
  'Juice',
  'Yoghurt',
  'Pizza',
  'Soap',
  'Tape',
  'Drill',
  'Screw',
  'Battery',
  'Charger',
  'Mask',
  'Glove',
  'Bag',
  'Can',
];
const adjectives = [
  'Blue',
  'Large',
  'Small',
  'Premium',
  'Eco',
  'Pro',
  'Classic',
  'Fresh',
  'Heavy',
  'Light',
  'Mini',
  'Smart',
];

/** EAN-13 with a valid check digit from a 12-digit body. */
const ean13 = (body: string): string => `${body}${gtinCheckDigit(body)}`;

/**
 * A believable warehouse for the demo company: two warehouses with zones, racks and shelf levels
 * (a few hundred locations), product groups and a few hundred products — some lot-, expiry- or
 * serial-tracked, some cooled, some locked, some owned by the demo contractor. Written through the
 * resource services so hooks, validation and the record log apply as for any user.
 */
export const seedWarehouseRecords = async (
  ctx: AppContext,
  scope: Scope,
  contractorId: string,
): Promise<DemoRecords> => {
  const service = (name: string) => {
    const def = ctx.schema.definitions.find((d) => d.name === name);
    if (!def) throw new Error(`missing resource ${name}`);
    return new ResourceService(ctx, def);
  };
  const types = service('storageSpaceType');
  const spaces = service('storageSpace');
  const rnd = demoRandom(20261121);

  const type = async (code: string, description: string, handleStock: boolean, color: string) =>
    String((await types.create(scope, { code, description, handleStock, color })).id);
  const warehouseType = await type('WAREHOUSE', 'Warehouse building', false, '#495057');
  const zoneType = await type('ZONE', 'Zone', false, '#1c7ed6');
  const rackType = await type('RACK', 'Rack', false, '#f59f00');
  const shelfType = await type('SHELF', 'Shelf level (holds stock)', true, '#37b24d');
  const dockType = await type('DOCK', 'Receiving / dispatch area (holds stock)', true, '#e8590c');

  const warehouses: string[] = [];
  const shelves = new Map<string, Row>();
  const racks = new Map<string, Row>();
  const receiving: Row[] = [];
  const dispatch: Row[] = [];
  let pickup = 0;
  for (const wh of ['WH1', 'WH2']) {
    const whRow = await spaces.create(scope, {
      label: wh,
      typeId: warehouseType,
      description: `Warehouse ${wh}`,
    });
    warehouses.push(String(whRow.id));
    receiving.push(
      await spaces.create(scope, { label: `${wh}-IN`, parentId: whRow.id, typeId: dockType, zoneIn: true }),
    );
    dispatch.push(
      await spaces.create(scope, { label: `${wh}-OUT`, parentId: whRow.id, typeId: dockType, zoneOut: true }),
    );
    for (const zone of ['A', 'B', 'C']) {
      const cooled = zone === 'C';
      // Zone C is a cold store: a chiller in WH1, a freezer in WH2.
      const temperature = cooled ? (wh === 'WH2' ? -20 : 4) : 18;
      const zoneRow = await spaces.create(scope, {
        label: `${wh}-${zone}`,
        parentId: whRow.id,
        typeId: zoneType,
        cooled,
        temperature,
      });
      for (let rack = 1; rack <= 8; rack++) {
        const rackLabel = `${wh}-${zone}${String(rack).padStart(2, '0')}`;
        const rackRow = await spaces.create(scope, {
          label: rackLabel,
          parentId: zoneRow.id,
          typeId: rackType,
        });
        racks.set(rackLabel, rackRow);
        for (let level = 1; level <= 5; level++) {
          const label = `${rackLabel}-${level}`;
          const row = await spaces.create(scope, {
            label,
            parentId: rackRow.id,
            typeId: shelfType,
            capacityKg: level === 1 ? 1500 : 800,
            temperature,
            cooled,
            pickupOrder: ++pickup,
            // One level is blocked for maintenance (nothing may be put there), one holds goods on hold.
            lockedIn: label === 'WH1-B03-5',
            lockedOut: label === 'WH2-A08-5',
          });
          shelves.set(label, row);
        }
      }
    }
  }

  const groupIds: string[] = [];
  for (const g of groups) groupIds.push(String((await service('productGroup').create(scope, g)).id));

  const products: Row[] = [];
  const groupOf = new Map<string, string>();
  const locks: DemoRecords['locks'][number][] = [];
  const productService = service('product');
  for (let i = 1; i <= 300; i++) {
    const groupIndex = rnd.int(0, groups.length - 1);
    const group = groups[groupIndex]!;
    const cooled = group.name === 'Dairy' || group.name === 'Frozen';
    const expiring = cooled || group.name === 'Beverages' || group.name === 'Pharmacy';
    const serial = group.name === 'Electronics' && rnd.chance(0.6);
    const lot = group.name === 'Pharmacy' || (expiring && rnd.chance(0.3));
    const index = `${group.name.slice(0, 3).toUpperCase()}-${String(i).padStart(4, '0')}`;
    const product = await productService.create(scope, {
      index,
      name: `${rnd.pick(adjectives)} ${rnd.pick(nouns)} ${i}`,
      barcodes: [ean13(`590${String(1000000 + i).padStart(9, '0')}`)],
      mainGroupId: groupIds[groupIndex],
      unit: rnd.chance(0.2) ? 'kg' : 'pcs',
      weight: Math.round(rnd.next() * 2000) / 100 + 0.1,
      contractorId: i % 5 === 0 ? contractorId : null,
      minTemperature: cooled ? (group.name === 'Frozen' ? -25 : 2) : null,
      maxTemperature: cooled ? (group.name === 'Frozen' ? -15 : 8) : null,
      minimalExpDays: expiring ? rnd.pick([0, 7, 14, 30]) : null,
      warningStock: 50,
      criticalStock: 10,
      cashValue: Math.round(rnd.next() * 20000) / 100,
      requiredExpDate: expiring,
      visibleExpDate: expiring,
      requiredProdDate: lot && group.name === 'Pharmacy',
      visibleProdDate: lot,
      requiredSerial: serial || lot,
      visibleSerial: serial || lot,
      fragile: group.name === 'Electronics',
      hideFromPortal: i % 45 === 0,
      portalComment: i % 10 === 0 ? 'Packed in cartons of 12: order whole cartons.' : null,
    });
    products.push(product);
    groupOf.set(String(product.id), group.name);
    if (i % 97 === 0 || i % 89 === 0)
      locks.push({ id: String(product.id), lockIn: i % 97 === 0, lockOut: i % 89 === 0 });
  }
  return { warehouses, shelves, racks, receiving, dispatch, products, groupOf, locks };
};
