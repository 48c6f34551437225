import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aLocation,
  anAccount,
  aPowerUser,
  aStockLocation,
  aStockProduct,
  aUser,
  receiveStock,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let manager: TestUser;
let picker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aPowerUser(t.ctx, acc);
  picker = await aUser(t.ctx, acc, { terminalEnabled: true });
});
afterAll(async () => t.close());

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><rect width="10" height="5"/></svg>';
const bounds = { southWestX: 0, southWestY: 0, northEastX: 100, northEastY: 50 };

/** A hall with a map and two racks in it. */
const aMappedHall = async () => {
  const hall = await aLocation(t.ctx, acc);
  const res = await t.call(manager, 'POST', `/api/StorageSpace/${String(hall.id)}/schema`, { svg, bounds });
  expect(res.statusCode, res.body).toBe(201);
  const unplaced = { parentId: hall.id, x: null, y: null };
  const rackA = await aStockLocation(t.ctx, acc, { ...unplaced, capacityKg: 100 });
  const rackB = await aStockLocation(t.ctx, acc, unplaced);
  return { hall: String(hall.id), rackA: String(rackA.id), rackB: String(rackB.id) };
};

const placesPath = (hall: string) => `/api/StorageSpace/${hall}/schema/places`;
const place = (who: TestUser, hall: string, child: string, body: unknown) =>
  t.call(who, 'PUT', `${placesPath(hall)}/${child}`, body);

describe('the location planner: GET/PUT /api/StorageSpace/{id}/schema/places', () => {
  it('places a child inside the bounds, stores it on the location and lists it with its fill level', async () => {
    const { hall, rackA, rackB } = await aMappedHall();
    const before = await t.call(manager, 'GET', placesPath(hall));
    expect(before.statusCode, before.body).toBe(200);
    const listed = before.json().results as { id: string; x: number | null; fill: string }[];
    expect(listed.map((p) => p.id).sort()).toEqual([rackA, rackB].sort());
    expect(listed.every((p) => p.x === null && p.fill === 'empty')).toBe(true);

    // Goods in a bin under rack A count for the rack: 3 × 20 kg of 100 kg is "medium" (60 %).
    const bin = await aStockLocation(t.ctx, acc, { parentId: rackA });
    const product = await aStockProduct(t.ctx, acc, { weight: 20 });
    await receiveStock(t.ctx, manager, String(bin.id), [{ productId: product.id, quantity: 3 }]);

    const placed = await place(manager, hall, rackA, { x: 25.5, y: 50 });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({
      id: rackA,
      x: 25.5,
      y: 50,
      quantity: 3,
      loadKg: 60,
      capacityKg: 100,
      fill: 'medium',
      percent: 60,
    });
    // The place is the location's own x/y: the generic record (and so the terminal's copy) has it.
    const record = await t.call(picker, 'GET', `/api/StorageSpace/${rackA}`);
    expect(record.json()).toMatchObject({ x: 25.5, y: 50 });

    // Moved again (the edge counts as inside); the picker reads the planner too.
    expect((await place(manager, hall, rackA, { x: 0, y: 0 })).statusCode).toBe(200);
    const after = await t.call(picker, 'GET', placesPath(hall));
    expect(after.statusCode).toBe(200);
    expect(after.json().results).toContainEqual(expect.objectContaining({ id: rackA, x: 0, y: 0 }));
  });

  it('refuses a place outside the bounds with the catalogue error, and keeps the old place', async () => {
    const { hall, rackA } = await aMappedHall();
    expect((await place(manager, hall, rackA, { x: 10, y: 10 })).statusCode).toBe(200);
    const outside = await place(manager, hall, rackA, { x: 101, y: -1 });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({
      code: 'locationOutsideMap',
      fields: [
        { field: 'x', rule: 'maxValue', params: { max: 100 } },
        { field: 'y', rule: 'minValue', params: { min: 0 } },
      ],
    });
    const notNumber = await place(manager, hall, rackA, { x: 'left', y: 1 });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().code).toBe('formHasErrors');
    const record = await t.call(manager, 'GET', `/api/StorageSpace/${rackA}`);
    expect(record.json()).toMatchObject({ x: 10, y: 10 });
  });

  it("refuses another company's location, a location that is not the map's child, a map-less location and a reader", async () => {
    const { hall, rackA } = await aMappedHall();
    const other = await anAccount(t.ctx);
    const stranger = await aPowerUser(t.ctx, other);
    const theirs = await aLocation(t.ctx, other);

    // Another company's location, on our map or as the map: not found, nothing changed.
    const foreign = await place(manager, hall, String(theirs.id), { x: 1, y: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('notFoundOrNoPermission');
    const intoOurs = await place(stranger, hall, rackA, { x: 1, y: 1 });
    expect(intoOurs.statusCode).toBe(404);
    expect((await t.call(stranger, 'GET', placesPath(hall))).statusCode).toBe(404);
    expect((await t.call(manager, 'GET', `/api/StorageSpace/${rackA}`)).json()).toMatchObject({
      x: null,
      y: null,
    });

    // A location of ours that is not a child of the map.
    const elsewhere = await aLocation(t.ctx, acc);
    const notChild = await place(manager, hall, String(elsewhere.id), { x: 1, y: 1 });
    expect(notChild.statusCode).toBe(404);

    // A location without a map has no planner.
    const noMap = await t.call(manager, 'GET', placesPath(String(elsewhere.id)));
    expect(noMap.statusCode).toBe(404);
    expect(noMap.json().code).toBe('locationHasNoMap');

    // Reading is for every staff user, placing for those who may edit locations.
    expect((await place(picker, hall, rackA, { x: 1, y: 1 })).statusCode).toBe(403);
  });
});
